import type { OrgOutcome } from '../manifest/manifest.js';

/**
 * Whether the run read the organization's invoices (its invoices part done). One it could not read
 * (skipped, failed, not run) is not one with no invoices: the pages and the books say so.
 */
export function invoicesRead(o: Pick<OrgOutcome, 'parts'>): boolean {
  return o.parts.some((p) => p.part === 'invoices' && p.status === 'ok');
}
