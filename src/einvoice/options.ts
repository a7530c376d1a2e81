import type { Language } from '../locale/index.js';

/** Options of renderInvoiceUbl and renderCreditNoteUbl. */
export interface RenderUblOptions {
  /**
   * Language of the document's texts (the VAT exemption reason, the notes); defaults to the
   * invoice's frozen `language`. Any installed locale. The figures and codes do not change.
   */
  language?: Language;
}
