import { SvcError } from '../core/svc-error.js';

/**
 * Thrown by renderInvoiceUbl and renderCreditNoteUbl when the record cannot become a valid
 * Peppol BIS Billing 3.0 document: a void invoice sent as an invoice, a country that is no
 * country, an EAN that fails its check digit, a seller bank text with no account in it, a VAT
 * treatment the record does not support, figures that do not add up. `field` names the record's
 * field to fix (`buyer.country`, `seller.bank`, `status`, …); the message says why.
 */
export class EInvoiceError extends SvcError {
  override readonly name = 'EInvoiceError';
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}
