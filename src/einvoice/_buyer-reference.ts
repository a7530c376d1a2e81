import type { Invoice } from '../model/index.js';
import { isPaymentLine } from '../check/index.js';
import { EInvoiceError } from './einvoice-error.js';

/**
 * BuyerReference (BT-10), the buyer's own routing reference, which PEPPOL-EN16931-R003 requires
 * (it or an order reference; the record has no order number). The record's buyer reference is
 * `buyer.payment_reference` ("PO 4471-FJ", "KD-2026-10"): the reference the buyer asked to be
 * quoted. When that field is a payment code (a FI line such as `+71<…<`), it is the seller's
 * payment data, not the buyer's reference, and goes only into the PaymentID; BuyerReference is
 * then the buyer's `attention` line (the person or department the buyer named, which Danish
 * e-invoicing uses as the buyer's "personreference"). With neither, the document is refused.
 * @throws EInvoiceError naming `buyer.payment_reference`
 */
export function buyerReference(invoice: Invoice): string {
  const { payment_reference: reference, attention } = invoice.buyer;
  if (reference.trim() && !isPaymentLine(reference)) return reference;
  if (attention.trim()) return attention;
  throw new EInvoiceError(
    'buyer.payment_reference',
    reference.trim()
      ? 'a payment code, not the buyer\'s reference, and buyer.attention is empty: an e-invoice needs a buyer reference (PEPPOL-EN16931-R003)'
      : 'empty, and an e-invoice requires it (or buyer.attention) as the buyer reference (PEPPOL-EN16931-R003)',
  );
}
