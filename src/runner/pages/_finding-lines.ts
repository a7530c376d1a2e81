import { findingTextIn } from '../../check/findings/index.js';
import { getLocale, t, type Locale } from '../../locale/index.js';
import type { InvoiceEntry, OrgOutcome } from '../manifest/manifest.js';

/** One finding to show: where (the invoice, or the record and the field) and what, with its code. */
export interface FindingLine {
  kind: 'invoice' | 'usage';
  where: string;
  message: string;
  code: string;
}

type Finding = NonNullable<InvoiceEntry['findings']>[number];

/** An invoice's findings shown as findings: a held-back invoice's errors are said on its own line (its reason), not again here. */
function shownFindings(i: InvoiceEntry): Finding[] {
  return (i.findings ?? []).filter((f) => !(i.held_back && f.severity === 'error'));
}

/** How many findings findingsOf lists: the run's figures count what the pages show. */
export function findingCount(o: OrgOutcome): number {
  return o.invoices.reduce((n, i) => n + shownFindings(i).length, 0) + (o.cost?.findings?.length ?? 0);
}

/**
 * An organization's findings, in one list for every surface (summary.md, index.html, the
 * terminal): each invoice's checkInvoice findings in the locale's words, then the usage figures
 * its records contradict (report/cost-findings.ts), each naming its record and field.
 */
export function findingsOf(o: OrgOutcome, locale: Locale = getLocale('en')): FindingLine[] {
  return [
    ...o.invoices.flatMap((i) => shownFindings(i).map((f): FindingLine => ({ kind: 'invoice', where: i.invoice_number, message: findingTextIn(f, locale), code: f.code }))),
    ...(o.cost?.findings ?? []).map((f): FindingLine => ({ kind: 'usage', where: `${f.record}, ${f.path}`, message: f.message, code: f.code })),
  ];
}

/** `Finding, 2026-0142: … [usd_dkk_rate_implausible]` in the locale's words. Plain text: the caller escapes. */
export function findingLineText(f: FindingLine, locale: Locale): string {
  return t(locale, 'runner.summary.finding', { where: f.where, message: f.message, code: f.code });
}
