import { z } from 'zod';
import { count, decimalString, int32, isoDate } from './primitives.js';

const optionalTokens = {
  prompt_tokens: count.optional(),
  completion_tokens: count.optional(),
  cache_read_input_tokens: count.optional(),
  cache_creation_input_tokens: count.optional(),
};

/** DailyUsageEntry: one UTC day; spend in USD only. */
export const DailyUsageSchema = z
  .object({
    date: isoDate,
    usd_spend: decimalString,
    total_tokens: count,
    request_count: count,
    ...optionalTokens,
  })
  .meta({ id: 'DailyUsageEntry' });

/** MonthlyUsageEntry: one calendar month; `dkk_spend` null when the month has no rate. */
export const MonthlyUsageEntrySchema = z
  .object({
    month: isoDate,
    usd_spend: decimalString,
    dkk_spend: decimalString.nullable().optional(),
    rate_estimated: z.boolean(),
    total_tokens: count,
    request_count: count,
    ...optionalTokens,
    days: z.array(DailyUsageSchema).optional(),
  })
  .meta({ id: 'MonthlyUsageEntry' });

/** OrgUsageSummary; required-ness beyond the totals is "not shown": a missing change counts as null. */
export const UsageSummarySchema = z
  .object({
    total_usd_spend: decimalString,
    total_dkk_spend: decimalString.nullable().optional(),
    total_tokens: count,
    total_requests: count,
    usd_spend_change_pct: decimalString.nullable().optional(),
    tokens_change_pct: decimalString.nullable().optional(),
    requests_change_pct: decimalString.nullable().optional(),
  })
  .meta({ id: 'OrgUsageSummary' });

/** OrgMonthlyUsage: the response of monthly-usage. */
export const OrgMonthlyUsageSchema = z
  .object({
    org_id: z.string(),
    months: z.array(MonthlyUsageEntrySchema),
    summary: UsageSummarySchema,
    available_years: z.array(int32),
  })
  .meta({ id: 'OrgMonthlyUsage' });

export type DailyUsage = z.infer<typeof DailyUsageSchema>;
export type MonthlyUsageEntry = z.infer<typeof MonthlyUsageEntrySchema>;
export type UsageSummary = z.infer<typeof UsageSummarySchema>;
export type OrgMonthlyUsage = z.infer<typeof OrgMonthlyUsageSchema>;
export type OrgMonthlyUsageJson = z.input<typeof OrgMonthlyUsageSchema>;
