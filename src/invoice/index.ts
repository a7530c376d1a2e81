export { renderInvoicePdf } from './render-invoice.js';
export { renderCreditNotePdf } from './render-credit-note.js';
export type { RenderInvoiceOptions } from './options/options.js';
export { InvalidRenderOptionError } from './options/invalid-render-option-error.js';
export { readLogoHeader, MAX_LOGO_PIXELS, type LogoHeader } from './options/logo-header.js';
export { UnprintableFieldError } from './unprintable-field-error.js';
