import { readFile } from 'node:fs/promises';
import type { Dataset, OrgData } from '../dataset/dataset.js';
import { HttpError } from '../http-error.js';
import { InvoiceSchema } from '../../model/index.js';
import { renderInvoicePdf, UnprintableFieldError } from '../../invoice/index.js';
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

/**
 * The invoice rendered by our renderer. A record the renderer refuses to print whole (a field
 * with characters its fonts lack, or too long for its room: UnprintableFieldError) is 409, the
 * status spec §7 gives endpoint 3 for "the organization's setup needs attention on the service's
 * side": the stored record must be corrected there, and a client must not retry it, as it would
 * a 500. Any other failure of the renderer is the server's own fault: 500 naming the cause.
 */
export async function invoicePdf(ds: Dataset, org: OrgData, id: string): Promise<Uint8Array> {
  const text = await invoiceJson(ds, org, id);
  const invoice = InvoiceSchema.parse(JSON.parse(text));
  try {
    return await renderInvoicePdf(invoice);
  } catch (e) {
    if (e instanceof UnprintableFieldError) throw new HttpError(409, 'needs_attention', `invoice ${invoice.invoice_number} cannot be printed as stored: ${e.message}`);
    throw new HttpError(500, 'render_failed', `the invoice PDF could not be rendered: ${(e as Error).message}`);
  }
}
