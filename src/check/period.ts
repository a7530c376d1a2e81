import type { Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';

/**
 * An invoice period that ends before it starts (`period_end` before `period_start`): an error,
 * `period_reversed`. No period can end before it begins, and the official rules refuse such an
 * e-invoice: EN 16931 BR-29, "If both Invoicing period start date (BT-73) and Invoicing period
 * end date (BT-74) are given then the Invoicing period end date (BT-74) shall be later or equal
 * to the Invoicing period start date (BT-73)". Dates are `YYYY-MM-DD` (the schema checks them),
 * so their text orders as the days do.
 */
export function periodFindings(invoice: Pick<Invoice, 'period_start' | 'period_end'>): InvoiceCheckFinding[] {
  if (invoice.period_end >= invoice.period_start) return [];
  return [{
    code: 'period_reversed', severity: 'error', path: 'period_end',
    message: `period_end ${invoice.period_end} is before period_start ${invoice.period_start}: an invoice period ends on or after the day it starts (EN 16931 BR-29)`,
    params: { start: invoice.period_start, end: invoice.period_end },
  }];
}
