import type { CostReportData } from './types.js';

/** What the workbook calls an invoice: as the API states it, or held back by a month-end run. */
export type InvoiceStanding = 'issued' | 'void' | 'held_back';

/**
 * The one rule for which invoices the workbook counts (the Invoices sheet's totals, the Summary's
 * invoiced figures, a month's plan and charges, and the run's cost in DKK, which reads the same
 * plans): issued, and not held back by the month-end run that made the workbook
 * (`CostReportData.heldBack`). A held-back invoice is cancelled by its credit note and replaced by
 * a new one, as a void one is, so it counts no more than a void one does.
 */
export function standingOf(i: { id: string; status: string }, data: Pick<CostReportData, 'heldBack'>): InvoiceStanding {
  if (i.status !== 'issued') return 'void';
  return data.heldBack?.has(i.id) ? 'held_back' : 'issued';
}

/** Whether the workbook counts the invoice (see `standingOf`). */
export function isCounted(i: { id: string; status: string }, data: Pick<CostReportData, 'heldBack'>): boolean {
  return standingOf(i, data) === 'issued';
}
