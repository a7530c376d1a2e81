// `svc-reporting/schemas`: the zod schemas that check the reporting API's JSON (and a run
// config), with the two parsers that use them. Apart from the root, so the root's semver is not
// tied to zod's types; the records' TypeScript types are in the root. test/api/exports.test.ts
// holds this list. This file only re-exports.
export { parseRecord, parseJsonRecord } from './model/parse/parse.js';
export { CurrencySchema, InvoiceLanguageSchema, InvoiceStatusSchema, InvoiceLineKindSchema, KeyFieldTypeSchema, KeyProductSchema, ModelProductSchema, CorePlanSchema, DevPlanSchema, PricingServiceSchema, PricingTypeSchema } from './model/enums.js';
export { InvoiceSummarySchema, InvoiceSellerSchema, InvoiceBuyerSchema, InvoiceLineSchema, InvoiceSchema, InvoiceListSchema } from './model/invoice.js';
export { CreditNoteDetailsSchema } from './model/credit-note.js';
export { KeyFieldValueSchema, KeyFieldOptionSchema, KeyFieldSchema, UsageSliceSchema, ModelUsageSchema, KeyModelUsageSchema, ProviderUsageSchema, KeyUsageEntrySchema, KeyFieldGroupUsageSchema, KeyFieldUsageSchema, KeyUsageTotalsSchema, OrgKeyUsageSchema } from './model/key-usage.js';
export { DailyUsageSchema, MonthlyUsageEntrySchema, UsageSummarySchema, OrgMonthlyUsageSchema } from './model/monthly-usage.js';
export { PlanCostPeriodSchema, PlanCostLineSchema, PlanCostMissingSchema, OrgPlanCostSchema } from './model/plan-cost.js';
export { PartnerCustomerSchema, PartnerModelSchema, PartnerProfileSchema, PartnerKeySchema, PartnerCustomerKeysSchema, PartnerStatusSchema } from './model/partner.js';
export { KeyFieldsEntrySchema, KeyFieldsRecordSchema, SearchTimeRangeSchema, SearchRequestSchema, SearchResultSchema, SearchResponseSchema } from './model/gateway.js';
export { KeyCreditsSchema, KeyDevPlanSchema, KeyInfoSchema, KeyInfoResponseSchema, ModelInfoDetailsSchema, ModelInfoSchema, ModelInfoResponseSchema, ActivityMetricsSchema, DailyActivitySchema, DailyActivityResponseSchema } from './model/litellm.js';
export { ErrorBodySchema } from './model/error-body.js';
export { RunConfigSchema, RunOrganizationSchema } from './runner/config/config.js';
