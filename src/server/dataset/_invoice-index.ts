import { compareText } from '../../core/index.js';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvoiceSchema, type InvoiceSummaryJson } from '../../model/index.js';
import { checkJson } from './_read-json.js';

export interface IndexedInvoice {
  file: string;
  summary: InvoiceSummaryJson;
}

/**
 * Every `invoices/*.json` of the data folder, checked against the Invoice schema and grouped by
 * `org_id`. Only summaries stay in memory; the record itself is read again when asked for.
 */
export async function indexInvoices(dataDir: string): Promise<Map<string, IndexedInvoice[]>> {
  const dir = join(dataDir, 'invoices');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const byOrg = new Map<string, IndexedInvoice[]>();
  for (const name of names) {
    const file = join(dir, name);
    const text = await readFile(file, 'utf8');
    checkJson(file, text, InvoiceSchema);
    const data = JSON.parse(text) as InvoiceSummaryJson & { org_id: string };
    const summary: InvoiceSummaryJson = {
      id: data.id, invoice_number: data.invoice_number, status: data.status, period_start: data.period_start,
      issued_at: data.issued_at, due_at: data.due_at, currency: data.currency, total_cents: data.total_cents,
    };
    const list = byOrg.get(data.org_id) ?? [];
    list.push({ file, summary });
    byOrg.set(data.org_id, list);
  }
  for (const list of byOrg.values()) {
    list.sort((a, b) =>
      Date.parse(b.summary.issued_at) - Date.parse(a.summary.issued_at) ||
      compareText(b.summary.period_start, a.summary.period_start) ||
      compareText(b.summary.invoice_number, a.summary.invoice_number));
  }
  return byOrg;
}
