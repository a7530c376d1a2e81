import type { ReportingClient } from '../../client/reporting-client.js';
import { NotFoundError } from '../../client/errors/not-found-error.js';
import { plainText } from '../_output/sanitize.js';
import { invoicesNamed } from '../../client/invoice-number.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The start of an id, as `svc invoices list` shows it on a narrow terminal (8 characters or more). */
const ID_PREFIX = /^[0-9a-f]{8}[0-9a-f-]*$/i;

export function isUuid(s: string): boolean {
  return UUID.test(s);
}

/** An argument that may name an invoice of the API rather than a file: an id or its first 8+ characters. */
export function isInvoiceIdOrPrefix(s: string): boolean {
  return ID_PREFIX.test(s) && s.length <= 36;
}

/**
 * The invoice id for an argument that is an id, an invoice number, or the first 8+ characters of
 * an id (looked up in the invoice list; a number wins over an id prefix).
 */
export async function resolveInvoiceId(client: ReportingClient, ref: string): Promise<string> {
  if (isUuid(ref)) return ref;
  const hits = invoicesNamed(await client.listInvoices(), ref, isInvoiceIdOrPrefix(ref));
  if (hits.length === 1) return hits[0]!.id;
  const endpoint = client.http.endpointOf({ path: `/api/orgs/${encodeURIComponent(client.orgId)}/invoices` });
  if (hits.length === 0) {
    throw new NotFoundError(endpoint, `an invoice with id or number "${plainText(ref)}" of ${client.orgId}`, 'list the invoices with "svc invoices list"');
  }
  throw Object.assign(new Error(`"${plainText(ref)}" names ${hits.length} invoices`), {
    hint: `give the id instead: ${hits.map((h) => h.id).join(', ')}`,
  });
}
