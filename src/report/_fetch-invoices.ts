import type { CallOptions, ReportingApi } from '../client/index.js';
import type { Invoice, InvoiceSummary } from '../model/index.js';

/** At most this many invoice requests at once. */
const PARALLEL = 3;

/**
 * The full records of the listed invoices whose period starts in one of `months` (`YYYY-MM`),
 * issued and void alike, in list order: the month's plan, the invoices' net/VAT/gross and the
 * reconciliation read their lines and fields, which the list does not carry.
 */
export async function invoiceRecords(client: ReportingApi, list: InvoiceSummary[], months: string[], opts?: CallOptions): Promise<Invoice[]> {
  const wanted = new Set(months);
  const summaries = list.filter((i) => wanted.has(i.period_start.slice(0, 7)));
  const out: Invoice[] = [];
  for (let i = 0; i < summaries.length; i += PARALLEL) {
    out.push(...(await Promise.all(summaries.slice(i, i + PARALLEL).map((s) => client.getInvoice(s.id, opts)))));
  }
  return out;
}
