import type { InvoiceEntry } from '../manifest/manifest.js';

/** What an invoice's row says it is, on summary.md and index.html alike. */
export type InvoiceStatusKey = 'issued' | 'void' | 'void_cancelled' | 'void_to_credit' | 'held_back';

/** The locale text of each status (runner.summary.invoiceStatus). */
export const INVOICE_STATUS_TEXT: Readonly<Record<InvoiceStatusKey, string>> = {
  issued: 'runner.summary.invoiceStatus.issued',
  void: 'runner.summary.invoiceStatus.void',
  void_cancelled: 'runner.summary.invoiceStatus.voidCancelled',
  void_to_credit: 'runner.summary.invoiceStatus.voidToCredit',
  held_back: 'runner.summary.invoiceStatus.heldBack',
};

/**
 * An invoice's status: a void one says whether its credit note cancels it or is still to make (a
 * manifest of an earlier version says nothing of the credit note: then only "void"); an issued one
 * the invoice check calls wrong is held back.
 */
export function invoiceStatusKey(i: InvoiceEntry): InvoiceStatusKey {
  if (i.status === 'void') return !i.credit_note ? 'void' : i.credit_note.status === 'made' ? 'void_cancelled' : 'void_to_credit';
  return i.held_back ? 'held_back' : 'issued';
}
