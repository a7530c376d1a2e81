export { renderInvoicePdf } from './render-invoice.js';
export { renderCreditNotePdf } from './render-credit-note.js';
export { checkInvoice } from './check/check-invoice.js';
export type { RenderInvoiceOptions, InvoiceCheckFinding } from './options.js';
export { InvalidRenderOptionError } from './invalid-render-option-error.js';
export { readLogoHeader, MAX_LOGO_PIXELS, type LogoHeader } from './pdf/_logo-header.js';
