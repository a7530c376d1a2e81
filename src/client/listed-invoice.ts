import type { Invoice, InvoiceSummary } from '../model/index.js';
import { InvoiceMismatchError } from './invoice-mismatch-error.js';

/**
 * An invoice record fetched for an item of the invoice list, checked against that item where
 * the two must agree: `invoice_number` (what the files are named by, and what a person asked
 * for) and `period_start` (which month the invoice is in). Status is not compared: an issued
 * invoice may be voided between the two requests, and the record is then the newer word.
 * @throws InvoiceMismatchError naming the field and both values
 */
export function checkListedInvoice(listed: Pick<InvoiceSummary, 'id' | 'invoice_number' | 'period_start'>, invoice: Pick<Invoice, 'invoice_number' | 'period_start'>): void {
  for (const field of ['invoice_number', 'period_start'] as const) {
    if (listed[field] !== invoice[field]) throw new InvoiceMismatchError(listed.id, field, listed[field], invoice[field]);
  }
}
