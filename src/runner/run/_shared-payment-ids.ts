import { counted } from '../figures/_currency-totals.js';
import type { InvoiceCheckFinding } from '../../check/findings/index.js';
import type { OrgOutcome } from '../manifest/manifest.js';

/**
 * Whether `f` is the mark markSharedPaymentIds puts on an invoice of organization `orgId`: its
 * reference is also another organization's invoice's. The organization's own unit never finds it
 * (it sees only its own invoices), so `svc verify` re-derives it across the units, as the run does.
 */
export function isSharedAcrossOrganizations(f: InvoiceCheckFinding, orgId: string): boolean {
  return f.code === 'payment_id_shared' && f.params?.form === 'run' && typeof f.params.org === 'string' && f.params.org !== orgId;
}

/**
 * Across the run's organizations, every invoice whose payment reference (`payment_id`) another
 * organization's invoice of the run also has gets the error finding `payment_id_shared`: a
 * payment quoting it would match either. Within one organization, and against the previous
 * month's run, the organization's own unit finds it before its documents are made; this is the
 * run's view across units that ran apart (threads, queue workers), so it marks the entries the
 * manifest, summary.md and index.html show. The first invoice (config order, then issue order)
 * keeps its reference unmarked.
 */
export function markSharedPaymentIds(organizations: OrgOutcome[]): void {
  const first = new Map<string, { org_id: string; invoice_number: string }>();
  for (const o of organizations) {
    for (const i of o.invoices) {
      // Only an invoice that asks for payment can be paid by mistake (a void or held-back one asks for none).
      if (!i.payment_id || !counted(i)) continue;
      const earlier = first.get(i.payment_id);
      if (!earlier) {
        first.set(i.payment_id, { org_id: o.org_id, invoice_number: i.invoice_number });
        continue;
      }
      if (earlier.org_id === o.org_id || i.findings?.some((f) => f.code === 'payment_id_shared')) continue;
      (i.findings ??= []).unshift({
        code: 'payment_id_shared', severity: 'error', path: i.payment_id === i.invoice_number ? 'invoice_number' : 'buyer.payment_reference',
        message: `the payment reference ${i.payment_id} is also invoice ${earlier.invoice_number} of this run (${earlier.org_id})'s, so a payment quoting it would not tell the two apart`,
        params: { id: i.payment_id, invoice: earlier.invoice_number, org: earlier.org_id, form: 'run', month: '' },
      });
    }
  }
}
