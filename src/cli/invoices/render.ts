import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from '../_command.js';
import { str } from '../_args.js';
import { renderInvoicePdf, checkInvoice, InvalidRenderOptionError, readLogoHeader } from '../../invoice/index.js';
import { availableLanguages } from '../../locale/index.js';
import { writeFileAtomic } from '../../core/atomic-write.js';
import { checkOutputFile, STDOUT, withOutputFlag } from '../_output/output-file.js';
import { safeNamePart } from '../../runner/safe-name.js';
import { plainText } from '../_output/sanitize.js';
import { readInvoiceArgument } from './_invoice-input.js';
import { reportingOptions } from '../_clients.js';
import { UsageError } from '../usage-error.js';

/** A bad flag value: a UsageError naming the flag, so it exits 2 as in every other command. */
function flagError(flag: string, reason: string): UsageError {
  return new UsageError(`${flag}: ${reason}`);
}

async function readLogo(io: { cwd: string }, path: string | undefined): Promise<Uint8Array | undefined> {
  if (path === undefined) return undefined;
  let bytes: Buffer;
  try {
    bytes = await readFile(resolve(io.cwd, path));
  } catch (e) {
    throw flagError('--logo', `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const header = readLogoHeader(bytes);
  if ('refused' in header) throw flagError('--logo', `${path} is ${header.refused}`);
  return bytes;
}

/** `svc invoices render`: our own PDF of an invoice record, in its language or another. */
export const renderCommand: Command = {
  name: 'render',
  summary: 'Render an invoice (a JSON file, or fetched by id) with our renderer',
  usage: 'invoices render <invoice.json|-|invoice-id> [-o out.pdf] [--language da|en] [--logo FILE] [--accent #rrggbb]',
  examples: [
    'svc invoices render samples/invoices/nordlys-2026-10.json',
    'svc invoices render 6f1c2d3e --org org-nordlys -o faktura.pdf',
    'svc invoices get 2026-0142 --json | svc invoices render - -o faktura.pdf --language en',
    'svc invoices render invoice.json --logo logo.png --accent "#0b6e4f"',
  ],
  options: {
    output: { type: 'string', short: 'o', valueName: 'FILE', description: 'where to write the PDF (default: <invoice number>.pdf here; - for stdout)' },
    language: { type: 'string', valueName: 'LANG', description: "document language (default: the invoice's own)" },
    logo: { type: 'string', valueName: 'FILE', description: 'PNG or JPEG shown in the header' },
    accent: { type: 'string', valueName: '#RRGGBB', description: 'accent colour of titles and rules' },
    ...reportingOptions,
  },
  positionals: { min: 1, max: 1, names: '<invoice.json|-|invoice-id>' },
  async run(io, args) {
    const language = str(args, 'language');
    if (language !== undefined && !availableLanguages().includes(language)) {
      throw flagError('--language', `unknown language "${plainText(language)}"; available: ${availableLanguages().join(', ')}`);
    }
    const accent = str(args, 'accent');
    if (accent !== undefined && !/^#[0-9a-f]{6}$/i.test(accent)) throw flagError('--accent', `expected #rrggbb (got "${plainText(accent)}")`);
    const given = str(args, 'output');
    if (given !== undefined && given !== STDOUT) await checkOutputFile('-o', given, io.cwd);
    const logo = await readLogo(io, str(args, 'logo'));
    const invoice = await readInvoiceArgument(args.positionals[0]!, io, args);

    for (const finding of checkInvoice(invoice)) io.stderr.write(`svc: warning: ${plainText(finding.message)}\n`);
    const pdf = await renderInvoicePdf(invoice, {
      ...(language ? { language } : {}),
      ...(logo ? { logo } : {}),
      ...(accent ? { accentColor: accent } : {}),
    }).catch((e: unknown) => {
      if (e instanceof InvalidRenderOptionError && e.option === 'logo') throw flagError('--logo', `${str(args, 'logo')} is ${e.message.replace(/^logo: /, '')}`);
      throw e;
    });

    const out = given ?? `${safeNamePart(invoice.invoice_number)}.pdf`;
    if (out === STDOUT) {
      io.stdout.write(pdf);
      return 0;
    }
    await withOutputFlag('-o', out, () => writeFileAtomic(resolve(io.cwd, out), pdf));
    io.stdout.write(`Wrote ${plainText(out)} (${pdf.length} bytes)\n`);
    return 0;
  },
};
