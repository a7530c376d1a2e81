export { renderInvoiceUbl } from './render-invoice-ubl.js';
export { renderCreditNoteUbl, creditNoteDetails } from './render-credit-note-ubl.js';
export { EInvoiceError } from './einvoice-error.js';
export type { RenderUblOptions } from './options.js';
