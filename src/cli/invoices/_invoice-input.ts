import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { CommandIO, ParsedArgs } from '../_command.js';
import { reportingClientFrom } from '../_clients.js';
import { isInvoiceIdOrPrefix, resolveInvoiceId } from './_invoice-ref.js';
import { InvoiceSchema, parseJsonRecord, type Invoice } from '../../model/index.js';

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The invoice an argument names: a JSON file (the API's Invoice record, as `svc invoices get
 * --json` prints it) or `-` for standard input. The record is checked against the schema;
 * a bad file gives one error naming the field (SchemaError) or the file. An invoice id (or its
 * first 8+ characters, as `svc invoices list` shows it) that is not a file is fetched with the
 * reporting client (SVC_* environment, or `args`' --base-url/--org when the command has them).
 */
export async function readInvoiceArgument(arg: string, io: CommandIO, args?: ParsedArgs): Promise<Invoice> {
  if (isInvoiceIdOrPrefix(arg) && !existsSync(resolve(io.cwd, arg))) {
    const client = reportingClientFrom(io, args ?? { values: {}, positionals: [] });
    return client.getInvoice(await resolveInvoiceId(client, arg));
  }
  let text: string;
  if (arg === '-') {
    text = await readAll(io.stdin);
  } else {
    try {
      text = await readFile(resolve(io.cwd, arg), 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      throw new Error(`invoice file ${arg}: cannot read it (${code})`);
    }
  }
  return parseJsonRecord(InvoiceSchema, text, arg === '-' ? 'invoice on stdin' : `invoice ${arg}`);
}
