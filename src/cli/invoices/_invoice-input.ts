import { createReadStream, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { reportingClientFrom } from '../_client/clients.js';
import { fetchInvoiceNamed } from './_invoice-ref.js';
import { InvoiceSchema, type Invoice } from '../../model/index.js';
import { parseJsonRecord } from '../../model/parse/index.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../client/limits/index.js';
import { InvoiceInputError } from './invoice-input-error.js';

/** The most an invoice given as a file or on stdin may be: the client's cap for a record from the API. */
const MAX_INVOICE_BYTES = DEFAULT_MAX_RESPONSE_BYTES.records;

/** All of `stream` as text, stopping (and refusing) past MAX_INVOICE_BYTES rather than filling memory. */
async function readAll(stream: Readable, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > MAX_INVOICE_BYTES) {
      stream.destroy();
      throw new InvoiceInputError(`${what}: more than ${MAX_INVOICE_BYTES / 1024 / 1024} MB, far more than an invoice record`, 'give the JSON of one invoice, as "svc invoices get ID --json" prints it');
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An argument that can only mean a file: a .json name, or a path with a folder in it. */
function looksLikeFile(arg: string): boolean {
  return /\.json$/i.test(arg) || arg.includes('/') || arg.includes('\\');
}

/**
 * The invoice an argument names: a JSON file (the API's Invoice record, as `svc invoices get
 * --json` prints it) or `-` for standard input, checked against the schema (a bad file gives one
 * error naming the field). Anything else that is not a file here is what `svc invoices get`
 * takes (an id, its first 8+ characters, or an invoice number such as 2026-0142), fetched with
 * the reporting client (SVC_* environment, or `args`' --base-url/--org when the command has them).
 */
export async function readInvoiceArgument(arg: string, io: CommandIO, args?: ParsedArgs): Promise<Invoice> {
  const path = resolve(io.cwd, arg);
  if (arg !== '-' && !looksLikeFile(arg) && !existsSync(path)) {
    const client = reportingClientFrom(io, args ?? { values: {}, positionals: [] });
    return (await fetchInvoiceNamed(client, arg)).invoice;
  }
  let text: string;
  if (arg === '-') {
    text = await readAll(io.stdin, 'invoice on stdin');
  } else {
    try {
      text = await readAll(createReadStream(path), `invoice file ${arg}`);
    } catch (e) {
      if (e instanceof InvoiceInputError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : `cannot read it (${code ?? (e as Error).message})`;
      throw new InvoiceInputError(`invoice file ${arg}: ${why}`, 'give an invoice JSON file, - for stdin, or an invoice id or number as "svc invoices get" takes');
    }
  }
  return parseJsonRecord(InvoiceSchema, text, arg === '-' ? 'invoice on stdin' : `invoice ${arg}`);
}
