// The package's public API: what a backend that embeds the clients, the renderer, the workbooks
// or the month-end run uses. Every name is listed (no `export *`), so nothing internal becomes
// public by being exported inside a folder; test/api/exports.test.ts holds the same list.
// The reference server and the dataset generator are in `svc-reporting/testing` (src/testing.ts).
// This file only re-exports.

export { VERSION } from './version.js';

// Errors: one base class, a guard, and one class per cause.
export { SvcError, isSvcError } from './core/svc-error.js';
export { OutputPathError } from './core/output-path-error.js';
export { OutputWriteError } from './core/output-write-error.js';
export {
  ApiError,
  isApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  SetupNeedsAttentionError,
  EdgeRejectedError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ConnectionError,
  ResponseSchemaError,
  ResponseTooLargeError,
  ConfigurationError,
  InvalidRequestError,
} from './client/errors/index.js';
export type { TimeoutPlace } from './client/errors/timeout-error.js';
export { SearchFailedError } from './client/search-failed-error.js';
export { SchemaError } from './model/schema-error.js';
export { UnsafeAmountError } from './money/unsafe-amount-error.js';
export { InvalidAmountError } from './money/invalid-amount-error.js';
export { InvalidArgumentError } from './core/invalid-argument-error.js';
export { UnknownLanguageError } from './locale/locale.js';
export { MissingTranslationError } from './locale/translate.js';
export { InvalidRenderOptionError } from './invoice/invalid-render-option-error.js';
export { ReportPeriodError } from './report/report-period-error.js';
export { RunConfigError } from './runner/config-error.js';
export { RunOptionError } from './runner/run-option-error.js';
export { RunLockedError } from './runner/run-locked-error.js';
export { QueueUrlError } from './queue/queue-url-error.js';
export { QueueUnavailableError } from './queue/queue-unavailable-error.js';
export { QueueBusyError } from './queue/queue-busy-error.js';
export { OutputFolderMissingError } from './queue/output-folder-missing-error.js';

// Records: the schemas that check the API's JSON, and the types they give.
export { parseRecord, parseJsonRecord } from './model/parse.js';
export type { Currency } from './model/primitives.js';
export {
  currency as CurrencySchema,
  invoiceLanguage as InvoiceLanguageSchema,
  invoiceStatus as InvoiceStatusSchema,
  invoiceLineKind as InvoiceLineKindSchema,
  keyFieldType as KeyFieldTypeSchema,
  keyProduct as KeyProductSchema,
  modelProduct as ModelProductSchema,
  corePlan as CorePlanSchema,
  devPlan as DevPlanSchema,
  pricingService as PricingServiceSchema,
  pricingType as PricingTypeSchema,
  type InvoiceLanguage,
  type InvoiceStatus,
  type InvoiceLineKind,
  type KeyFieldType,
  type KeyProduct,
  type ModelProduct,
  type CorePlan,
  type DevPlan,
  type PricingService,
  type PricingType,
} from './model/enums.js';
export {
  InvoiceSummarySchema,
  InvoiceSellerSchema,
  InvoiceBuyerSchema,
  InvoiceLineSchema,
  InvoiceSchema,
  InvoiceListSchema,
  type InvoiceSummary,
  type InvoiceSeller,
  type InvoiceBuyer,
  type InvoiceLine,
  type Invoice,
  type InvoiceJson,
  type InvoiceSummaryJson,
} from './model/invoice.js';
export { CreditNoteDetailsSchema, type CreditNoteDetails } from './model/credit-note.js';
export {
  KeyFieldValueSchema,
  KeyFieldOptionSchema,
  KeyFieldSchema,
  UsageSliceSchema,
  ModelUsageSchema,
  KeyModelUsageSchema,
  ProviderUsageSchema,
  KeyUsageEntrySchema,
  KeyFieldGroupUsageSchema,
  KeyFieldUsageSchema,
  KeyUsageTotalsSchema,
  OrgKeyUsageSchema,
  type KeyFieldValue,
  type KeyFieldOption,
  type KeyField,
  type UsageSlice,
  type ModelUsage,
  type ProviderUsage,
  type KeyUsageEntry,
  type KeyFieldGroupUsage,
  type KeyFieldUsage,
  type KeyUsageTotals,
  type OrgKeyUsage,
  type OrgKeyUsageJson,
} from './model/key-usage.js';
export {
  DailyUsageSchema,
  MonthlyUsageEntrySchema,
  UsageSummarySchema,
  OrgMonthlyUsageSchema,
  type DailyUsage,
  type MonthlyUsageEntry,
  type UsageSummary,
  type OrgMonthlyUsage,
  type OrgMonthlyUsageJson,
} from './model/monthly-usage.js';
export {
  PlanCostPeriodSchema,
  PlanCostLineSchema,
  PlanCostMissingSchema,
  OrgPlanCostSchema,
  type PlanCostPeriod,
  type PlanCostLine,
  type PlanCostMissing,
  type OrgPlanCost,
  type OrgPlanCostJson,
} from './model/plan-cost.js';
export {
  PartnerCustomerSchema,
  PartnerModelSchema,
  PartnerProfileSchema,
  PartnerKeySchema,
  PartnerCustomerKeysSchema,
  PartnerStatusSchema,
  type PartnerCustomer,
  type PartnerModel,
  type PartnerProfile,
  type PartnerKey,
  type PartnerCustomerKeys,
  type PartnerStatus,
} from './model/partner.js';
export {
  KeyFieldsEntrySchema,
  KeyFieldsRecordSchema,
  searchTimeRange as SearchTimeRangeSchema,
  SearchRequestSchema,
  SearchResultSchema,
  SearchResponseSchema,
  type KeyFieldsEntry,
  type KeyFieldsRecord,
  type SearchRequest,
  type SearchResult,
  type SearchResponse,
} from './model/gateway.js';
export {
  KeyCreditsSchema,
  KeyDevPlanSchema,
  KeyInfoSchema,
  KeyInfoResponseSchema,
  ModelInfoDetailsSchema,
  ModelInfoSchema,
  ModelInfoResponseSchema,
  ActivityMetricsSchema,
  DailyActivitySchema,
  DailyActivityResponseSchema,
  type KeyInfo,
  type KeyInfoResponse,
  type ModelInfo,
  type ModelInfoResponse,
  type ActivityMetrics,
  type DailyActivity,
  type DailyActivityResponse,
} from './model/litellm.js';
export { ErrorBodySchema, type ErrorBody } from './model/error-body.js';

// Money: exact decimals and integer minor units, and the one allocator.
export { Decimal, dec, toMinorUnits, fromMinorUnits } from './money/decimal.js';
export { sumMinor } from './money/minor.js';
export { allocateMinor } from './money/allocate.js';

// Clients of the reporting API, the partner endpoint and the gateway.
export { ReportingClient, type ReportingClientOptions } from './client/reporting-client.js';
export { PartnerClient, type PartnerClientOptions } from './client/partner-client.js';
export { GatewayClient, type GatewayClientOptions, type DayRangeQuery } from './client/gateway-client.js';
export type { CommonClientOptions } from './client/client-options.js';
export type { ReportingApi, PartnerApi, GatewayApi, KeyUsagePeriod, MonthlyUsagePeriod, CallOptions } from './client/api.js';
export type { KeyUsageHead } from './client/merge-key-usage.js';
export { DEFAULT_MAX_RESPONSE_BYTES, type BodyKind } from './client/body-limits.js';

// Invoices: the VAT decision, the checks, the PDF.
export { decideVat, type VatDecision, type VatTreatment, type VatReason, type VatReasonCode, type VatSeverity, type VatInDkk } from './vat/index.js';
export { checkInvoice } from './check/check-invoice.js';
export { renderInvoicePdf } from './invoice/render-invoice.js';
export { renderCreditNotePdf } from './invoice/render-credit-note.js';
export type { RenderInvoiceOptions } from './invoice/options.js';
export type { InvoiceCheckFinding } from './check/finding.js';
export { availableLanguages } from './locale/locale.js';

// E-invoices: Peppol BIS Billing 3.0 UBL invoices and credit notes (the same VAT decision as the PDF).
export { renderInvoiceUbl } from './einvoice/render-invoice-ubl.js';
export { renderCreditNoteUbl } from './einvoice/render-credit-note-ubl.js';
export { EInvoiceError } from './einvoice/einvoice-error.js';
export type { RenderUblOptions } from './einvoice/options.js';

// Workbooks: the cost workbook and its fetcher, the partner workbook (its data is PartnerClient's).
export { fetchCostReportData } from './report/fetch.js';
export { buildCostReport } from './report/build-cost-report.js';
export type { ReportPeriod } from './report/period.js';
export type { CostReportData, CostReportOptions, KeyUsageInput, KeyWeightUsage, MonthKeyUsage, UsageWithheld } from './report/types.js';
export type { KeyRow, SliceRow, KeySource, KeyWeight, WeightSource } from './report/key-store.js';
export { buildPartnerReport, type PartnerReportOptions } from './report/partner/build-partner-report.js';

// The month end: in one process, or on a queue with workers.
export { parseRunConfig, parseRunConfigJson, RunConfigSchema, RunOrganizationSchema, type RunConfig, type RunOrganization } from './runner/config.js';
export { runMonthEnd, type MonthEndOptions, type MonthEndProgress } from './runner/run-month-end.js';
export type { RunClientOptions } from './runner/default-deps.js';
export type { MonthEndDeps } from './runner/deps.js';
export { costInDkk } from './runner/cost-in-dkk.js';
export { runFigures, type RunFigures, type OrgFigures, type OrgCostFigures, type CostRow, type DkkTotal, type CurrencyTotals, type RunStatus } from './runner/run-figures.js';
export type {
  Manifest,
  ManifestSummary,
  ManifestFile,
  OutputKind,
  FileStatus,
  OrgOutcome,
  OrgStatus,
  PartOutcome,
  PartName,
  WithheldRecords,
  InvoiceEntry,
  MonthCost,
  CostInDkk,
  CostCharge,
} from './runner/manifest.js';
export { runMonthEndOnQueue, type QueueRunOptions } from './queue/run-on-queue.js';
export { startQueueWorker, type QueueWorker, type QueueWorkerOptions } from './queue/worker.js';
export type { AttemptReport } from './queue/attempt-report.js';
export type { QueueJobData, QueueJobResult } from './queue/job-data.js';
