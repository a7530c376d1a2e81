import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandIO, OptionSpec, ParsedArgs } from '../_command.js';
import { str } from '../_args.js';
import { availableLanguages } from '../../locale/index.js';
import { checkInvoice } from '../../check/index.js';
import { InvalidRenderOptionError, readLogoHeader, type RenderInvoiceOptions } from '../../invoice/index.js';
import type { Invoice } from '../../model/index.js';
import { EInvoiceError } from '../../einvoice/index.js';
import { plainText } from '../_output/sanitize.js';
import { UsageError } from '../usage-error.js';

/** A bad flag value: a UsageError naming the flag, so it exits 2 as in every other command. */
export function flagError(flag: string, reason: string): UsageError {
  return new UsageError(`${flag}: ${reason}`);
}

/** The document flags `invoices render` and `invoices credit-note` share. */
export const documentOptions: Record<string, OptionSpec> = {
  format: { type: 'string', valueName: 'pdf|xml|both', description: 'pdf (default); xml: the Peppol BIS Billing 3.0 XML; both: the PDF with the XML inside, and the XML beside it' },
  language: { type: 'string', valueName: 'LANG', description: "document language (default: the invoice's own)" },
  logo: { type: 'string', valueName: 'FILE', description: 'PNG or JPEG shown in the header' },
  accent: { type: 'string', valueName: '#RRGGBB', description: 'accent colour of titles and rules' },
  strict: { type: 'boolean', description: 'exit 1 without writing a file when checkInvoice finds a warning too (an error always stops it)' },
};

/**
 * checkInvoice's findings on stderr, one line each with its code. An error among them stops the
 * command before any file, whatever the format: no e-invoice leaves with an error, and no PDF is
 * written that asks a wrong amount (a script must never take exit 0 for it, and a good file of
 * the same name is not overwritten). With --strict a warning stops it too.
 */
export function reportFindings(io: CommandIO, args: ParsedArgs, invoice: Invoice): void {
  const findings = checkInvoice(invoice);
  for (const f of findings) io.stderr.write(`svc: ${f.severity}: ${plainText(f.message)} [${f.code}]\n`);
  const strict = args.values.strict === true;
  const stopping = findings.filter((f) => f.severity === 'error' || strict);
  if (!stopping.length) return;
  const errors = stopping.filter((f) => f.severity === 'error').length;
  const warnings = stopping.length - errors;
  const counted = [errors && `${errors} error${errors === 1 ? '' : 's'}`, warnings && `${warnings} warning${warnings === 1 ? '' : 's'} (--strict)`].filter(Boolean).join(' and ');
  const codes = [...new Set(stopping.map((f) => f.code))].join(', ');
  // The command line is right; the invoice is not: exit 1, as any refused record.
  throw new Error(`invoice ${plainText(invoice.invoice_number)}: ${counted} (above: ${codes}); no file written`);
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

/** --language, --logo and --accent checked and read, as renderer options. @throws naming the flag */
export async function renderFlags(io: CommandIO, args: ParsedArgs): Promise<RenderInvoiceOptions> {
  const language = str(args, 'language');
  if (language !== undefined && !availableLanguages().includes(language)) {
    throw flagError('--language', `unknown language "${plainText(language)}"; available: ${availableLanguages().join(', ')}`);
  }
  const accent = str(args, 'accent');
  if (accent !== undefined && !/^#[0-9a-f]{6}$/i.test(accent)) throw flagError('--accent', `expected #rrggbb (got "${plainText(accent)}")`);
  const logo = await readLogo(io, str(args, 'logo'));
  return { ...(language ? { language } : {}), ...(logo ? { logo } : {}), ...(accent ? { accentColor: accent } : {}) };
}

/** A renderer's refusal as the one line the CLI prints: the flag or the record's field it is about. */
export function renderFailure(args: ParsedArgs, e: unknown): never {
  if (e instanceof InvalidRenderOptionError && e.option === 'logo') throw flagError('--logo', `${str(args, 'logo')} is ${e.message.replace(/^logo: /, '')}`);
  if (e instanceof InvalidRenderOptionError && e.option === 'accentColor') throw flagError('--accent', e.reason);
  if (e instanceof EInvoiceError && e.field === 'issueDate') throw flagError('--date', plainText(e.reason));
  // The message quotes the record's text: printed without its control characters.
  if (e instanceof EInvoiceError) throw new Error(`cannot make the e-invoice: ${plainText(e.message)}`);
  throw e;
}
