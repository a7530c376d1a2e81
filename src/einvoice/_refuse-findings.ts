import type { Invoice } from '../model/index.js';
import { checkInvoiceRecord } from '../check/check-invoice.js';
import { EInvoiceError } from './einvoice-error.js';

/**
 * No e-invoice leaves with an error-severity finding of checkInvoice: Peppol would deliver it as
 * it is (VAT in USD only, Danish VAT to an EU business, a total that is not subtotal + VAT, …),
 * and the official rules catch only some of these (they tolerate a VAT amount up to 1.00 off).
 * The first error refuses the document, naming its field and code. Warnings do not.
 * @throws EInvoiceError with the finding's path, message and code
 */
export function refuseErrorFindings(invoice: Invoice): void {
  const error = checkInvoiceRecord(invoice).find((f) => f.severity === 'error');
  if (!error) return;
  // Findings' messages often start with the field itself; the error's message names it once.
  const reason = error.message.startsWith(error.path) ? error.message.slice(error.path.length).replace(/^:?\s*/, '') : error.message;
  throw new EInvoiceError(error.path, reason, error.code);
}
