// The package's public API. This file only re-exports.
export * from './model/index.js';
export * from './money/index.js';
export * from './locale/index.js';
export { renderInvoicePdf, checkInvoice, InvalidRenderOptionError, type RenderInvoiceOptions, type InvoiceCheckFinding } from './invoice/index.js';
export { decideVat, countryCode, isEuMemberState, type VatDecision, type VatTreatment, type VatReason, type VatReasonCode, type VatSeverity, type VatInDkk } from './invoice/vat/index.js';
export { renderCreditNotePdf } from './invoice/index.js';
export { renderInvoiceUbl, renderCreditNoteUbl, EInvoiceError, type RenderUblOptions } from './einvoice/index.js';
export { VERSION } from './version.js';
export { SvcError, isSvcError, OutputPathError } from './core/index.js';
export * from './client/index.js';
export * from './model/litellm.js';
export { GatewayClient, type GatewayClientOptions, type DayRangeQuery } from './client/gateway-client.js';
export { SearchFailedError } from './client/search-failed-error.js';
export { startReferenceServer } from './server/index.js';
export type { ReferenceServer, ReferenceServerOptions, ServerFault } from './server/index.js';
export * from './report/index.js';
export * from './runner/index.js';
export * from './queue/index.js';
