import { t, type Locale } from '../locale/index.js';
import type { OrgOutcome } from './manifest.js';

/** One finding to show: where (the record and the field) and what, with its code. */
export interface FindingLine {
  where: string;
  message: string;
  code: string;
}

/**
 * An organization's findings, in one list for every surface (summary.md, index.html, the
 * terminal): each invoice's checkInvoice findings, then the usage figures its records
 * contradict (report/cost-findings.ts), each naming its record and field.
 */
export function findingsOf(o: OrgOutcome): FindingLine[] {
  // checkInvoice's messages often start with the field the line names already.
  const without = (message: string, path: string) => (message.startsWith(`${path} `) || message.startsWith(`${path}:`) ? message.slice(path.length).replace(/^:?\s*/, '') : message);
  return [
    ...o.invoices.flatMap((i) => (i.findings ?? []).map((f) => ({ where: `invoice ${i.invoice_number}, ${f.path}`, message: without(f.message, f.path), code: f.code }))),
    ...(o.cost?.findings ?? []).map((f) => ({ where: `${f.record}, ${f.path}`, message: f.message, code: f.code })),
  ];
}

/** `Finding, invoice 2026-0142, usd_dkk_rate: … [usd_dkk_rate_implausible]` in the locale's words. Plain text: the caller escapes. */
export function findingText(f: FindingLine, locale: Locale): string {
  return t(locale, 'runner.summary.finding', { where: f.where, message: f.message, code: f.code });
}
