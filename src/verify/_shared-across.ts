import { isSharedAcrossOrganizations, markSharedPaymentIds } from '../runner/run/index.js';
import type { InvoiceEntry, OrgOutcome } from '../runner/manifest/index.js';
import type { VerifyContext } from './_context.js';
import { differences, shown } from './_differ.js';

/** The entry without the marks markSharedPaymentIds put on it (a copy; the entry itself when it has none). */
export function withoutMarksAcross(entry: InvoiceEntry, orgId: string): InvoiceEntry {
  if (!entry.findings?.some((f) => isSharedAcrossOrganizations(f, orgId))) return entry;
  const { findings, ...rest } = entry;
  const own = findings.filter((f) => !isSharedAcrossOrganizations(f, orgId));
  return own.length ? { ...rest, findings: own } : rest;
}

/**
 * The references shared across organizations, found again as the run's finish finds them
 * (markSharedPaymentIds over every organization's invoices, in the manifest's order), and
 * compared with the marks the manifest records: a unit re-derived alone cannot find them. Returns
 * the organizations with the marks found again, for the pages to be made from.
 */
export function checkSharedAcrossOrganizations(ctx: VerifyContext, organizations: readonly OrgOutcome[]): OrgOutcome[] {
  // Copies down to the findings: markSharedPaymentIds adds to an entry's list, and the recorded entries are the manifest's.
  const again = organizations.map((o) => ({ ...o, invoices: o.invoices.map((i) => {
    const own = withoutMarksAcross(i, o.org_id);
    return own.findings ? { ...own, findings: [...own.findings] } : { ...own };
  }) }));
  markSharedPaymentIds(again);
  for (const [n, o] of again.entries()) {
    const recorded = ctx.manifest.organizations[n];
    if (!recorded || recorded.org_id !== o.org_id) continue;
    o.invoices.forEach((entry, k) => {
      const was = recorded.invoices[k];
      if (was?.id !== entry.id) return;
      // Only the marks: the unit's own findings were compared when it was re-derived.
      const marks = (i: InvoiceEntry) => (i.findings ?? []).filter((f) => isSharedAcrossOrganizations(f, o.org_id));
      const [found, expected] = [marks(was), marks(entry)];
      if (differences(found, expected, 1).length) {
        ctx.differences.push({ file: 'manifest.json', what: `organizations[${o.org_id}].invoices[${k}] (${entry.invoice_number}): its findings' marks of a reference shared with another organization are ${shown(found)}; the run's invoices across organizations give ${shown(expected)}` });
      }
    });
  }
  return again;
}
