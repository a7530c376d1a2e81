import { SvcError } from '../core/index.js';

/**
 * Thrown by renderInvoicePdf and renderCreditNotePdf when a field of the record cannot be printed
 * whole, instead of a PDF that shows it cut or with boxes: a header field (the seller's or the
 * buyer's name and address, the invoice number, a payment reference) or a paragraph under the
 * totals (the seller's bank text, a credit note's reason) so long that it does not fit its room
 * on the page even at the smallest size the renderer sets it in, or text with a character
 * neither embedded font (DejaVu Sans, Sans Bold) has a glyph for (CJK, most emoji), which the
 * message names as U+XXXX with the character. `field` names the record's field
 * (`buyer.legal_name`, `seller.bank`, `lines[2].description`, `invoice_number`; `number` and
 * `reason` are a credit note's details); the message says why. Nothing is written.
 */
export class UnprintableFieldError extends SvcError {
  override readonly name = 'UnprintableFieldError';
  constructor(readonly field: string, readonly reason: string) {
    super(`${field}: ${reason}`);
  }
}
