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
      for (const d of differences(was.findings, entry.findings, 3)) {
        ctx.differences.push({ file: 'manifest.json', what: `organizations[${o.org_id}].invoices[${k}].findings${d.path} is ${shown(d.found)}; the run's invoices across organizations give ${shown(d.expected)}` });
      }
    });
  }
  return again;
}
