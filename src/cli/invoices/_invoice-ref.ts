import type { ReportingClient } from '../../client/index.js';
import { NotFoundError } from '../../client/errors/index.js';
import { plainText } from '../_output/sanitize.js';
import { checkListedInvoice } from '../../client/index.js';
import { invoicesNamed } from '../../client/index.js';
import type { Invoice, InvoiceSummary } from '../../model/index.js';

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
  return (await resolveInvoice(client, ref)).id;
}

/**
 * The invoice an argument names, fetched (the record as sent beside it); one found in the
 * invoice list must say what the list says (checkListedInvoice), or a person asking for
 * LIST-2026-0142 would get a file named 2026-0142.
 */
export async function fetchInvoiceNamed(client: ReportingClient, ref: string): Promise<{ invoice: Invoice; raw: string }> {
  const { id, listed } = await resolveInvoice(client, ref);
  const fetched = await client.getInvoiceJson(id);
  if (listed) checkListedInvoice(listed, fetched.invoice);
  return fetched;
}

async function resolveInvoice(client: ReportingClient, ref: string): Promise<{ id: string; listed?: InvoiceSummary }> {
  if (isUuid(ref)) return { id: ref };
  const hits = invoicesNamed(await client.listInvoices(), ref, isInvoiceIdOrPrefix(ref));
  if (hits.length === 1) return { id: hits[0]!.id, listed: hits[0]! };
  const endpoint = client.http.endpointOf({ path: `/api/orgs/${encodeURIComponent(client.orgId)}/invoices` });
  if (hits.length === 0) {
    throw new NotFoundError(endpoint, `an invoice with id or number "${plainText(ref)}" of ${client.orgId}`, 'list the invoices with "svc invoices list"');
  }
  throw Object.assign(new Error(`"${plainText(ref)}" names ${hits.length} invoices`), {
    hint: `give the id instead: ${hits.map((h) => h.id).join(', ')}`,
  });
}
