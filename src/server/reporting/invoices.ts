import { readFile } from 'node:fs/promises';
import type { Dataset, OrgData } from '../dataset/dataset.js';
import { HttpError } from '../http-error.js';
import { InvoiceSchema } from '../../model/index.js';
import { renderInvoicePdf } from '../../invoice/index.js';
import type { IndexedInvoice } from '../dataset/_invoice-index.js';

/** The organization's invoices as InvoiceSummary, newest first. */
export async function listInvoices(ds: Dataset, org: OrgData) {
  return ((await ds.invoices()).get(org.raw.org_id) ?? []).map((i) => i.summary);
}

async function find(ds: Dataset, org: OrgData, id: string): Promise<IndexedInvoice> {
  const found = ((await ds.invoices()).get(org.raw.org_id) ?? []).find((i) => i.summary.id === id);
  if (!found) throw new HttpError(404, 'not_found', `no invoice ${id} for this organization`);
  return found;
}

/** The invoice record exactly as stored (the file's JSON text). */
export async function invoiceJson(ds: Dataset, org: OrgData, id: string): Promise<string> {
  return readFile((await find(ds, org, id)).file, 'utf8');
}

/** The invoice rendered by our renderer; a renderer failure is a 500 naming the cause. */
export async function invoicePdf(ds: Dataset, org: OrgData, id: string): Promise<Uint8Array> {
  const text = await invoiceJson(ds, org, id);
  const invoice = InvoiceSchema.parse(JSON.parse(text));
  try {
    return await renderInvoicePdf(invoice);
  } catch (e) {
    throw new HttpError(500, 'render_failed', `the invoice PDF could not be rendered: ${(e as Error).message}`);
  }
}
