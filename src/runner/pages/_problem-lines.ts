import { findingTextIn } from '../../check/findings/index.js';
import { t, type Locale } from '../../locale/index.js';
import type { InvoiceEntry, OrgOutcome, PartOutcome } from '../manifest/manifest.js';

// What was not made, or made without some records, and why: the same lines in summary.md and
// on the front page. The manifest keeps each reason as recorded (the service's words, with the
// HTTP status beside them); the pages say it in the run's language.

/**
 * A skip or failure reason in the run's language. Where the HTTP status says what happened (403:
 * no access; 409: the setup needs the service's attention), the locale says it and the service's
 * own words follow; any other reason is shown as recorded, without its status prefix.
 */
export function reasonWords(p: { reason?: string; http_status?: number }, locale: Locale): string {
  const reason = p.reason ?? '';
  const status = p.http_status;
  const said = status && reason.startsWith(`${status}: `) ? reason.slice(String(status).length + 2) : reason;
  return status === 403 || status === 409 ? t(locale, `runner.summary.because.${status}`, { said }) : said;
}

/** `Partner workbook skipped: …` for a part that was not made (the partner's or an organization's). */
export function partLine(p: PartOutcome, locale: Locale): string {
  const part = t(locale, `runner.summary.parts.${p.part}`);
  return t(locale, p.status === 'skipped' ? 'runner.summary.partSkipped' : 'runner.summary.partFailed', { part, reason: reasonWords(p, locale) });
}

/**
 * `Cost workbook skipped: usage is not shared with this organization` for each part not made,
 * `Cost workbook made without usage: …` for each part made without records the service
 * withheld, and the organization's own failure when no part says it. Plain text: the caller escapes.
 */
export function problemLines(o: OrgOutcome, locale: Locale): string[] {
  const lines = o.parts.flatMap((p) => {
    if (p.status !== 'ok') return [partLine(p, locale)];
    const part = t(locale, `runner.summary.parts.${p.part}`);
    return (p.without ?? []).map((w) => t(locale, 'runner.summary.madeWithout', { part, records: t(locale, `runner.summary.records.${w.records}`), reason: reasonWords(w, locale) }));
  });
  // A failure no part says (no part ran, or the organization's figures could not be made).
  if (o.status === 'failed' && o.error && !o.parts.some((p) => p.status === 'failed')) lines.push(t(locale, 'runner.summary.orgFailed', { reason: o.error }));
  return lines;
}

/**
 * `No e-invoice for invoice 2026-0142: <why> [code]` for an issued invoice whose e-invoice was
 * refused, in the page's language: a finding of checkInvoice in the language's words, a field
 * that cannot go into an e-invoice named in them (the writer's own English reason after it, as
 * a service's reason follows its status). Plain text.
 */
export function einvoiceNotMade(i: InvoiceEntry, locale: Locale): string {
  const finding = i.einvoice_code ? i.findings?.find((f) => f.code === i.einvoice_code) : undefined;
  if (finding) return t(locale, 'runner.summary.einvoiceFailed', { number: i.invoice_number, reason: `${findingTextIn(finding, locale)} [${finding.code}]` });
  // The error names its code already where a finding refused it; a manifest may carry the code alone.
  const error = i.einvoice_error ?? '';
  const code = i.einvoice_code && !error.includes(`[${i.einvoice_code}]`) ? ` [${i.einvoice_code}]` : '';
  const field = /^([\w.[\], ]+?): ([^]*)$/.exec(error);
  if (field) return t(locale, 'runner.summary.einvoiceFailedField', { number: i.invoice_number, field: field[1], reason: `${field[2]}${code}` });
  return t(locale, 'runner.summary.einvoiceFailed', { number: i.invoice_number, reason: `${error}${code}` });
}

/** `No PDF for invoice 2026-0142: buyer.legal_name: <why>` for an invoice whose PDF was not made (`pdf_error`). Plain text. */
export function pdfNotMade(i: InvoiceEntry, locale: Locale): string {
  return t(locale, 'runner.summary.pdfFailed', { number: i.invoice_number, reason: i.pdf_error ?? '' });
}
