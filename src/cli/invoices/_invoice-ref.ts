import type { ReportingClient } from '../../client/reporting-client.js';
import { NotFoundError } from '../../client/errors/not-found-error.js';
import { plainText } from '../_output/sanitize.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(s: string): boolean {
  return UUID.test(s);
}

/** The invoice id for an argument that is an id or an invoice number (looked up in the invoice list). */
export async function resolveInvoiceId(client: ReportingClient, ref: string): Promise<string> {
  if (isUuid(ref)) return ref;
  const list = await client.listInvoices();
  const hits = list.filter((i) => i.invoice_number === ref);
  if (hits.length === 1) return hits[0]!.id;
  const endpoint = client.http.endpointOf({ path: `/api/orgs/${encodeURIComponent(client.orgId)}/invoices` });
  if (hits.length === 0) {
    throw new NotFoundError(endpoint, `an invoice with id or number "${plainText(ref)}" of ${client.orgId}`, 'list the invoices with "svc invoices list"');
  }
  throw Object.assign(new Error(`invoice number "${plainText(ref)}" is used by ${hits.length} invoices`), {
    hint: `give the id instead: ${hits.map((h) => h.id).join(', ')}`,
  });
}
