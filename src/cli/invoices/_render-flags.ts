import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandIO, OptionSpec, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { availableLanguages } from '../../locale/index.js'; // not index.js: that loads Handlebars
import { readLogoHeader } from '../../invoice/options/index.js';
import type { RenderInvoiceOptions } from '../../invoice/options/index.js';
import { plainText } from '../_output/sanitize.js';
import { UsageError } from '../_program/usage-error.js';

// The document flags and their checks. Light on purpose: the commands check these values before
// they load the renderers, the e-invoice writer and the HTTP client (a typo is refused at once).

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
};

/** `invoices render` only: a credit note is never stopped by the invoice's findings (they are what it cancels). */
export const strictOption: Record<string, OptionSpec> = {
  strict: { type: 'boolean', description: 'exit 1 without writing a file when checkInvoice finds a warning too (an error always stops it)' },
};

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
