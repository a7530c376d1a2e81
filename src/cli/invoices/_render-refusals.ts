import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { checkInvoice } from '../../check/index.js';
import { InvalidRenderOptionError, UnprintableFieldError } from '../../invoice/options/index.js';
import type { Invoice } from '../../model/index.js';
import { EInvoiceError } from '../../einvoice/index.js';
import { plainText } from '../_output/sanitize.js';
import { flagError } from './_render-flags.js';

// What stops a render once the invoice is read: its findings, and a renderer's refusal.

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
  const named = invoice.invoice_number.trim() ? `invoice ${plainText(invoice.invoice_number)}` : 'the invoice (no number)';
  throw new Error(`${named}: ${counted} (above: ${codes}); no file written`);
}

/** A renderer's refusal as the one line the CLI prints: the flag or the record's field it is about. */
export function renderFailure(args: ParsedArgs, e: unknown): never {
  if (e instanceof InvalidRenderOptionError && e.option === 'logo') throw flagError('--logo', `${str(args, 'logo')} is ${e.message.replace(/^logo: /, '')}`);
  if (e instanceof InvalidRenderOptionError && e.option === 'accentColor') throw flagError('--accent', e.reason);
  if (e instanceof EInvoiceError && e.field === 'issueDate') throw flagError('--date', plainText(e.reason));
  // The message quotes the record's text: printed without its control characters.
  if (e instanceof EInvoiceError) throw new Error(`cannot make the e-invoice: ${plainText(e.message)}`);
  // A field the PDF cannot print whole (too long, or a character the fonts lack): the record is wrong for it, exit 1.
  if (e instanceof UnprintableFieldError) throw new Error(`cannot make the PDF: ${plainText(e.message)}; no file written`);
  throw e;
}
