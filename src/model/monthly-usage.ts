import { z } from 'zod';
import { compileRecordSchema } from './parse/compiled-record.js';
import { count, decimalString, int32, isoDate } from './primitives/primitives.js';

// Shapes with a doc comment per field, the schema typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (see invoice.ts).

const optionalTokens = {
  /** Input tokens, cache reads and writes included. Absent: not reported. */
  prompt_tokens: count.optional(),
  /** Output tokens. Absent: not reported. */
  completion_tokens: count.optional(),
  /** Input tokens read from the prompt cache; a part of prompt_tokens. Absent: not reported. */
  cache_read_input_tokens: count.optional(),
  /** Input tokens written to the prompt cache; a part of prompt_tokens. Absent: not reported. */
  cache_creation_input_tokens: count.optional(),
};

const dailyUsageShape = {
  /** The UTC day, `YYYY-MM-DD`. */
  date: isoDate,
  /** Spend in US dollars, exact (a decimal string on the wire); convert with the month's dkk_spend / usd_spend. */
  usd_spend: decimalString,
  /** Input + output tokens. */
  total_tokens: count,
  /** Requests made. */
  request_count: count,
  ...optionalTokens,
};
/** DailyUsageEntry: one UTC day; spend in USD only. */
export const DailyUsageSchema: z.ZodObject<typeof dailyUsageShape, z.core.$strip> = z.object(dailyUsageShape).meta({ id: 'DailyUsageEntry' });

const monthlyUsageEntryShape = {
  /** The month's first day, `YYYY-MM-01`. */
  month: isoDate,
  /** Spend in US dollars, exact (a decimal string on the wire); always present. */
  usd_spend: decimalString,
  /** Spend in Danish kroner at the month's stored rate, exact; null when the month has no rate (the current month's is estimated, see `rate_estimated`). */
  dkk_spend: decimalString.nullable().optional(),
  /** True when `dkk_spend` of the current month is estimated from the latest stored rate; false when the rate is stored or there is no DKK value. */
  rate_estimated: z.boolean(),
  /** Input + output tokens. */
  total_tokens: count,
  /** Requests made. */
  request_count: count,
  ...optionalTokens,
  /** One entry per UTC day, oldest first, up to today in the current month, zero on days without usage; they add up to the month. Absent: not sent. */
  days: z.array(DailyUsageSchema).optional(),
};
/** MonthlyUsageEntry: one calendar month; `dkk_spend` null when the month has no rate. */
export const MonthlyUsageEntrySchema: z.ZodObject<typeof monthlyUsageEntryShape, z.core.$strip> = z.object(monthlyUsageEntryShape).meta({ id: 'MonthlyUsageEntry' });

const usageSummaryShape = {
  /** Spend over the months returned, in US dollars, exact. */
  total_usd_spend: decimalString,
  /** The same in Danish kroner, exact; null when a month that spent has no DKK value. */
  total_dkk_spend: decimalString.nullable().optional(),
  /** Tokens over the months returned. */
  total_tokens: count,
  /** Requests over the months returned. */
  total_requests: count,
  /** Percent change of spend, this month projected to a full month against last month (e.g. -25.7); null when either month is outside the window or last month is zero. */
  usd_spend_change_pct: decimalString.nullable().optional(),
  /** Percent change of tokens, computed as `usd_spend_change_pct`; null when it cannot be. */
  tokens_change_pct: decimalString.nullable().optional(),
  /** Percent change of requests, computed as `usd_spend_change_pct`; null when it cannot be. */
  requests_change_pct: decimalString.nullable().optional(),
};
/** OrgUsageSummary; required-ness beyond the totals is "not shown": a missing change counts as null. */
export const UsageSummarySchema: z.ZodObject<typeof usageSummaryShape, z.core.$strip> = z.object(usageSummaryShape).meta({ id: 'OrgUsageSummary' });

const orgMonthlyUsageShape = {
  /** The organization reported on. */
  org_id: z.string(),
  /** One entry per calendar month, oldest first. */
  months: z.array(MonthlyUsageEntrySchema),
  /** Totals and month-on-month changes. */
  summary: UsageSummarySchema,
  /** Calendar years the organization can have data for, from its creation year to the current year. */
  available_years: z.array(int32),
};
/** OrgMonthlyUsage: the response of monthly-usage. */
export const OrgMonthlyUsageSchema: z.ZodObject<typeof orgMonthlyUsageShape, z.core.$strip> = z.object(orgMonthlyUsageShape).meta({ id: 'OrgMonthlyUsage' });

export type DailyUsage = z.infer<typeof DailyUsageSchema>;
export type MonthlyUsageEntry = z.infer<typeof MonthlyUsageEntrySchema>;
export type UsageSummary = z.infer<typeof UsageSummarySchema>;
export type OrgMonthlyUsage = z.infer<typeof OrgMonthlyUsageSchema>;
export type OrgMonthlyUsageJson = z.input<typeof OrgMonthlyUsageSchema>;

// A year of days in one answer: checked by a compiled check, zod naming a refusal.
compileRecordSchema(OrgMonthlyUsageSchema);
