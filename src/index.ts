// The package's public API: what a backend that embeds the clients, the renderer, the workbooks
// or the month-end run uses. Every name is listed (no `export *`), so nothing internal becomes
// public by being exported inside a folder; test/api/exports.test.ts holds the same list.
// At most 67 names at run time (test/api/exports.test.ts counts them); types may be more.
// Elsewhere: the record schemas and their parsers in `svc-reporting/schemas` (src/schemas.ts),
// the queue in `svc-reporting/queue` (src/queue.ts; it needs bullmq and ioredis), the reference
// server and the dataset generator in `svc-reporting/testing` (src/testing.ts).
// This file only re-exports, never from a `_` file and never under another name.

export { VERSION } from './version.js';

// Errors: one base class, a guard, and one class per cause.
export { SvcError, isSvcError } from './core/svc-error.js';
export { OutputPathError } from './core/output-path-error.js';
export { OutputWriteError } from './core/output-write-error.js';
export { OutputLinkError } from './core/output-link-error.js';
export { ApiError, isApiError, BadRequestError, AuthenticationError, PermissionDeniedError, NotFoundError, SetupNeedsAttentionError, EdgeRejectedError, RateLimitError, ServerError, RedirectError, TimeoutError, ConnectionError, ResponseSchemaError, ResponseTooLargeError, CredentialInResponseError, ConfigurationError, InvalidRequestError } from './client/errors/index.js';
export type { TimeoutPlace } from './client/errors/common/timeout-error.js';
export type { DeniedKind } from './client/errors/common/permission-denied-error.js';
export type { RedirectTarget } from './client/errors/redirect-error.js';
export { SearchFailedError } from './client/search-failed-error.js';
export { InvoiceMismatchError } from './client/invoice-mismatch-error.js';
export { SchemaError } from './model/parse/schema-error.js';
export { UnsafeAmountError } from './money/exact/unsafe-amount-error.js';
export { InvalidAmountError } from './money/exact/invalid-amount-error.js';
export { InvalidArgumentError } from './core/invalid-argument-error.js';
export { UnknownLanguageError } from './locale/unknown-language-error.js';
export { MissingTranslationError } from './locale/missing-translation-error.js';
export { InvalidRenderOptionError } from './invoice/options/invalid-render-option-error.js';
export { UnprintableFieldError } from './invoice/unprintable-field-error.js';
export { ReportPeriodError } from './report/period/report-period-error.js';
export { RunConfigError } from './runner/config/config-error.js';
export { RunOptionError } from './runner/options/run-option-error.js';
export { RunLockedError } from './runner/options/run-locked-error.js';

// Records: the types the schemas give (the schemas are in svc-reporting/schemas).
export type { Currency } from './model/primitives/primitives.js';
export type { InvoiceLanguage, InvoiceStatus, InvoiceLineKind, KeyFieldType, KeyProduct, ModelProduct, CorePlan, DevPlan, PricingService, PricingType } from './model/enums.js';
export type { InvoiceSummary, InvoiceSeller, InvoiceBuyer, InvoiceLine, Invoice, InvoiceJson, InvoiceSummaryJson } from './model/invoice.js';
export type { CreditNoteDetails } from './model/credit-note.js';
export type { KeyFieldValue, KeyFieldOption, KeyField, UsageSlice, ModelUsage, ProviderUsage, KeyUsageEntry, KeyFieldGroupUsage, KeyFieldUsage, KeyUsageTotals, OrgKeyUsage, OrgKeyUsageJson } from './model/key-usage.js';
export type { DailyUsage, MonthlyUsageEntry, UsageSummary, OrgMonthlyUsage, OrgMonthlyUsageJson } from './model/monthly-usage.js';
export type { PlanCostPeriod, PlanCostLine, PlanCostMissing, OrgPlanCost, OrgPlanCostJson } from './model/plan-cost.js';
export type { PartnerCustomer, PartnerModel, PartnerProfile, PartnerKey, PartnerCustomerKeys, PartnerStatus } from './model/partner.js';
export type { KeyFieldsEntry, KeyFieldsRecord, SearchRequest, SearchResult, SearchResponse } from './model/gateway.js';
export type { KeyInfo, KeyInfoResponse, ModelInfo, ModelInfoResponse, ActivityMetrics, DailyActivity, DailyActivityResponse } from './model/litellm.js';
export type { ErrorBody } from './model/error-body.js';

// Money: exact decimals and integer minor units, and the one allocator.
export { Decimal, dec, toMinorUnits, fromMinorUnits } from './money/exact/decimal.js';
export { sumMinor } from './money/exact/minor.js';
export { allocateMinor } from './money/allocate.js';
// Exchange rates a user gives (the ECB's or Danmarks Nationalbank's files), for invoices not in DKK.
export { parseExchangeRates, type ExchangeRates, type RateSource, type RateRow, type PublishedRate, type MissingRate } from './money/rates/exchange-rates.js';
export { ExchangeRatesError } from './money/rates/exchange-rates-error.js';
export { formatMoney } from './locale/format-money.js';

// Clients of the reporting API, the partner endpoint and the gateway.
export { ReportingClient, type ReportingClientOptions } from './client/reporting-client.js';
export { PartnerClient, type PartnerClientOptions } from './client/partner-client.js';
export { GatewayClient, type GatewayClientOptions, type DayRangeQuery } from './client/gateway-client.js';
export type { CommonClientOptions } from './client/client-options.js';
export type { ReportingApi, PartnerApi, GatewayApi, KeyUsagePeriod, MonthlyUsagePeriod, CallOptions } from './client/api.js';
export type { KeyUsageHead } from './client/merge-key-usage.js';
export { DEFAULT_MAX_RESPONSE_BYTES, type BodyKind } from './client/limits/body-limits.js';

// Invoices: the VAT decision, the checks, the PDF.
export type { DkkRateFacts, ChargeableEvent } from './vat/dkk-conversion.js';
export { decideVat, type VatDecision, type VatTreatment, type VatReason, type VatReasonCode, type VatFindingCode, type VatInfoCode, type VatSeverity, type VatInDkk } from './vat/index.js';
export { checkInvoice } from './check/check-invoice.js';
export { renderInvoicePdf } from './invoice/render-invoice.js';
export { renderCreditNotePdf } from './invoice/render-credit-note.js';
export type { RenderInvoiceOptions } from './invoice/options/options.js';
export type { FindingParam, InvoiceCheckFinding, InvoiceCheckFindingCode } from './check/findings/finding.js';
export { findingText } from './check/findings/finding-text.js';
export { availableLanguages } from './locale/locale.js';
export type { Language } from './locale/language.js';

// E-invoices: Peppol BIS Billing 3.0 UBL invoices and credit notes (the same VAT decision as the PDF).
export { renderInvoiceUbl } from './einvoice/render-invoice-ubl.js';
export { renderCreditNoteUbl } from './einvoice/render-credit-note-ubl.js';
export { EInvoiceError } from './einvoice/einvoice-error.js';
export type { RenderUblOptions } from './einvoice/options.js';

// Workbooks: the cost workbook and its fetcher, the partner workbook (its data is PartnerClient's).
export { fetchCostReportData } from './report/fetch.js';
export { buildCostReport } from './report/build-cost-report.js';
export type { ReportPeriod } from './report/period/period.js';
export type { CostReportData, CostReportOptions, KeyUsageInput, KeyWeightUsage, MonthKeyUsage, UsageWithheld } from './report/types.js';
export type { KeyRow, SliceRow, KeySource, KeyWeight, WeightSource } from './report/key-store.js';
export { buildPartnerReport, type PartnerReportOptions } from './report/partner/build-partner-report.js';

// The month end in one process (on a queue with workers: svc-reporting/queue).
export { parseRunConfig, parseRunConfigJson, type RunConfig, type RunOrganization } from './runner/config/config.js';
export { runMonthEnd, type MonthEndOptions, type MonthEndProgress } from './runner/run/run-month-end.js';
export type { RunClientOptions } from './runner/unit/default-deps.js';
export type { MonthEndDeps } from './runner/unit/deps.js';
export type { AnswerTap, ReceivedAnswer } from './runner/unit/answer-tap.js';
export type { KeptAnswer, KeptAnswersIndex } from './runner/manifest/kept-answers.js';
// A run's folder checked offline: svc verify.
export { verifyRun, type VerifyOptions, type VerifyReport, type VerifyDifference } from './verify/index.js';
export { costInDkk } from './runner/figures/cost-in-dkk.js';
export { runFigures, type RunFigures, type OrgFigures, type InvoiceCounts, type OrgCostFigures, type CostRow, type DkkTotal, type CurrencyTotals, type RunStatus } from './runner/figures/run-figures.js';
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
  InvoiceBooking,
  CreditNoteEntry,
  InvoiceDkk,
  RatesFileEntry,
  MonthCost,
  CostInDkk,
  CostCharge,
  JsonOf,
  PreviousMonthLink,
  JournalChanges,
  JournalVoucher,
} from './runner/manifest/manifest.js';
export type { BooksSettings } from './runner/config/books-config.js';
export type { CostFinding } from './report/cost-findings.js';
