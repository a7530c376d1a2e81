import type { CreditNoteDetails, Invoice, InvoiceJson } from '../model/index.js';
import { creditNoteDetails } from '../einvoice/index.js';
import { invoiceRecord } from '../model/index.js';
import type { RenderInvoiceOptions } from './options/options.js';
import { renderDocumentPdf } from './render-invoice.js';

/**
 * The credit note (kreditnota) of a whole invoice as a PDF with the invoice's look, in da, en or
 * any installed language: its own number and date, the invoice's number and date it credits
 * (momsbekendtgørelsen § 58, stk. 1, nr. 1–2, and stk. 2; see CreditNoteDetailsSchema), the same lines, amounts (positive) and VAT treatment, and
 * no payment request. The invoice may be issued or void. PDF/A-3b; with `embedXml` it carries
 * the credit note's Peppol XML (renderCreditNoteUbl). Pure and deterministic.
 * @throws SchemaError (naming `number` or `issueDate`, or the invoice's field), EInvoiceError,
 * UnknownLanguageError, InvalidRenderOptionError, UnprintableFieldError naming the field (`buyer.legal_name`,
 * `reason`) that is too long to print whole or has a character the embedded fonts have no glyph for
 */
export async function renderCreditNotePdf(input: Invoice | InvoiceJson, details: CreditNoteDetails, options: RenderInvoiceOptions = {}): Promise<Uint8Array> {
  const invoice = invoiceRecord(input);
  return renderDocumentPdf(invoice, options, creditNoteDetails(invoice, details, options.language ?? invoice.language));
}
