import { findingTextIn } from '../../check/findings/index.js';
import { formatDate, t, type Locale } from '../../locale/index.js';
import type { InvoiceEntry } from '../manifest/manifest.js';

// What a person is told about a void or held-back invoice, the same in summary.md and on
// index.html, in the page's language: why it is held back (checkInvoice's errors in words, each
// with its code) and its way out (the credit note the run made, or the command that makes it).
// Plain text with the command apart, so each page sets it as code in its own markup.

/** A line for a person: its text, and the command to run after it when there is one. */
export interface ActionLine {
  text: string;
  command?: string;
}

/** The invoice's credit note: made (its number, date and PDF), or the command that makes it. */
export function creditNoteLine(i: InvoiceEntry, locale: Locale): ActionLine {
  const c = i.credit_note;
  const w = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.creditNote.${key}`, params);
  if (c?.status === 'made' && c.number && c.issue_date && c.month) return { text: w('madeInMonth', { number: c.number, date: formatDate(c.issue_date, locale), month: c.month }) };
  if (c?.status === 'made' && c.number && c.issue_date) {
    const path = i.files.find((f) => /\/credit-note-[^/]*\.pdf$/.test(f)) ?? '';
    const params = { number: c.number, date: formatDate(c.issue_date, locale), path };
    return { text: c.einvoice === 'failed' ? w('madeNoXml', { ...params, reason: c.einvoice_error ?? '' }) : w('made', params) };
  }
  // A manifest of an earlier version says nothing of the credit note: what cancels the invoice, in general.
  if (!c) return { text: w('unknown') };
  const text = c.status === 'failed' ? w('failed', { reason: c.reason ?? '' }) : w('toMake');
  return c.command ? { text, command: c.command } : { text };
}

/** checkInvoice's errors of a held-back invoice in words, each with its code. */
function errorsText(i: InvoiceEntry, locale: Locale): string {
  return (i.findings ?? []).filter((f) => f.severity === 'error').map((f) => `${findingTextIn(f, locale)} [${f.code}]`).join('; ');
}

/** `2026-0152 is not valid: <why> [code]. <its credit note>` (what held back means is the group's note). */
export function heldBackLine(i: InvoiceEntry, locale: Locale): ActionLine {
  const credit = creditNoteLine(i, locale);
  return { text: t(locale, 'runner.summary.heldBackLine', { number: i.invoice_number, reasons: errorsText(i, locale), next: credit.text }), ...(credit.command ? { command: credit.command } : {}) };
}

/** `2026-0131 is void. <credit note>`; the number alone from a manifest of an earlier version (the group's note says what cancels it). */
export function voidLine(i: InvoiceEntry, locale: Locale): ActionLine {
  if (!i.credit_note) return { text: i.invoice_number };
  const credit = creditNoteLine(i, locale);
  return { text: t(locale, 'runner.summary.voidLine', { number: i.invoice_number, next: credit.text }), ...(credit.command ? { command: credit.command } : {}) };
}
