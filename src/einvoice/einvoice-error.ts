import { SvcError } from '../core/index.js';

/**
 * Thrown by renderInvoiceUbl and renderCreditNoteUbl when the record cannot become a valid
 * Peppol BIS Billing 3.0 document, or must not become one: a void invoice sent as an invoice,
 * a country that is no country, a seller bank text with no account in it, a buyer with no
 * Peppol address, or any error-severity finding of checkInvoice (figures that do not add up,
 * VAT not stated in DKK, Danish VAT to an EU business, a bad EAN or IBAN, a payment line the
 * buyer cannot use). `field` names the record's field to fix (`buyer.country`, `seller.bank`,
 * `status`, …); the message says why; `code` is checkInvoice's code when a finding refused it.
 */
export class EInvoiceError extends SvcError {
  override readonly name = 'EInvoiceError';
  constructor(
    readonly field: string,
    readonly reason: string,
    /** checkInvoice's finding code (`vat_not_in_dkk`, `total`, …) when a finding refused the document. */
    readonly code?: string,
  ) {
    super(`${field}: ${reason}${code ? ` [${code}]` : ''}`);
  }
}
