import type { Language } from '../../locale/index.js';
import type { InvoiceCheckFinding } from '../../check/findings/index.js';

/** Options of renderInvoicePdf; all optional, none changes a figure. */
export interface RenderInvoiceOptions {
  /** Language of the document; defaults to the invoice's frozen `language`. Any installed locale. */
  language?: Language;
  /** PNG or JPEG bytes shown in the header. */
  logo?: Uint8Array;
  /** Accent colour as `#rrggbb`; white on it must reach WCAG AA contrast, or dark text is used on it. */
  accentColor?: string;
  /**
   * Carry the document's Peppol BIS 3 e-invoice (renderInvoiceUbl / renderCreditNoteUbl, in
   * the same language) inside the PDF as a PDF/A-3 associated file (`AFRelationship
   * /Alternative`), so one file is both. Refused like the XML itself for a void invoice or a
   * record the e-invoice cannot map (EInvoiceError).
   */
  embedXml?: boolean;
  /**
   * Errors found beyond the record's own check, by a caller that sees more than one invoice (a
   * month end's `payment_id_shared`: the payment reference is another invoice's). With one of
   * severity `error` the invoice is marked NOT VALID as with checkInvoice's own errors, each
   * said among its reasons.
   */
  findings?: readonly InvoiceCheckFinding[];
}
