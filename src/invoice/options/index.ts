// invoice/options: what a render takes and is refused with: its options, the logo's header check (the size
// and kind a logo may have, read before anything is drawn), InvalidRenderOptionError and UnprintableFieldError
// (a record field the PDF cannot print whole). Loads no renderer:
// `svc invoices render` checks its flags with it.
export type { RenderInvoiceOptions } from './options.js';
export { InvalidRenderOptionError } from './invalid-render-option-error.js';
export { readLogoHeader, MAX_LOGO_PIXELS, type LogoHeader } from './logo-header.js';
export { UnprintableFieldError } from '../unprintable-field-error.js';
