import type { Invoice, InvoiceJson } from '../model/index.js';
import { invoiceRecord } from '../model/index.js';
import { EInvoiceError } from './einvoice-error.js';
import type { RenderUblOptions } from './options.js';
import { writeUbl } from './_document.js';

/**
 * The invoice as a Peppol BIS Billing 3.0 e-invoice: UBL 2.1 `Invoice`, UTF-8 XML bytes. Pure
 * and deterministic like the PDF renderer: the same record gives the same bytes. Takes the API's
 * JSON or a parsed record (checked against the schema either way). A void invoice is refused: it
 * is never sent again, a credit note replaces it (renderCreditNoteUbl).
 * @throws SchemaError, EInvoiceError (naming the field that cannot be mapped), UnknownLanguageError
 */
export function renderInvoiceUbl(input: Invoice | InvoiceJson, options: RenderUblOptions = {}): Uint8Array {
  const invoice = invoiceRecord(input);
  if (invoice.status === 'void') {
    throw new EInvoiceError('status', `invoice ${invoice.invoice_number} is void: a void invoice is not sent as an e-invoice; credit it with a credit note instead`);
  }
  return writeUbl(invoice, { kind: 'invoice' }, options.language ?? invoice.language);
}
