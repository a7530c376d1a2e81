import { z } from 'zod';
import { count, decimalString, isoDate, isoDateTime } from './primitives.js';

/*
 * Records of the gateway endpoints the spec leaves "not shown" (README Assumptions): the
 * LiteLLM proxy's shapes for `/key/info`, `/v1/model/info` and `/user/daily/activity`, with
 * money as decimal strings rather than JSON floats.
 */

/** Prepaid credits of the key's organization (shared by all its keys). */
export const KeyCreditsSchema = z.object({ balance_usd: decimalString }).meta({ id: 'KeyCredits' });

/** The dev-plan allowance of a dev seat holder's key, this month. */
export const KeyDevPlanSchema = z
  .object({ plan: z.string(), tokens_used: count, tokens_included: count, period_start: isoDate })
  .meta({ id: 'KeyDevPlan' });

/** `info` of GET /key/info. */
export const KeyInfoSchema = z
  .object({
    key_alias: z.string().nullable(),
    key_name: z.string(),
    org_id: z.string().nullable(),
    spend: decimalString,
    max_budget: decimalString.nullable(),
    budget_duration: z.string().nullable(),
    budget_reset_at: isoDateTime.nullable(),
    blocked: z.boolean(),
    models: z.array(z.string()),
    usage_shared: z.boolean(),
    credits: KeyCreditsSchema.nullable(),
    dev_plan: KeyDevPlanSchema.nullable(),
  })
  .meta({ id: 'KeyInfo' });

/** Response of GET /key/info. */
export const KeyInfoResponseSchema = z
  .object({ key: z.string(), info: KeyInfoSchema })
  .meta({ id: 'KeyInfoResponse' });

/** A capability flag; LiteLLM sends null or leaves it out when unknown, which counts as "no". */
const flag = z.boolean().nullable().optional().transform((v) => v === true);
const price = decimalString.nullable();

/** `model_info` of one model in GET /v1/model/info. Prices are US$ per token. */
export const ModelInfoDetailsSchema = z
  .object({
    mode: z.string(),
    max_input_tokens: count.nullable(),
    max_output_tokens: count.nullable(),
    input_cost_per_token: price,
    output_cost_per_token: price,
    cache_read_input_token_cost: price,
    cache_creation_input_token_cost: price,
    supports_function_calling: flag,
    supports_reasoning: flag,
    supports_vision: flag,
    supports_pdf_input: flag,
    supports_prompt_caching: flag,
    supported_reasoning_levels: z.array(z.string()).nullable().optional().transform((v) => v ?? null),
    service_hosted: flag,
  })
  .meta({ id: 'ModelInfoDetails' });

export const ModelInfoSchema = z
  .object({
    model_name: z.string(),
    litellm_params: z.object({ model: z.string() }),
    model_info: ModelInfoDetailsSchema,
  })
  .meta({ id: 'ModelInfo' });

/** Response of GET /v1/model/info: the models the calling key may use. */
export const ModelInfoResponseSchema = z.object({ data: z.array(ModelInfoSchema) }).meta({ id: 'ModelInfoResponse' });

/** Spend and tokens of one day, or of one model on one day. */
export const ActivityMetricsSchema = z
  .object({
    spend: decimalString,
    prompt_tokens: count,
    completion_tokens: count,
    cache_read_input_tokens: count,
    cache_creation_input_tokens: count,
    total_tokens: count,
    api_requests: count,
  })
  .meta({ id: 'ActivityMetrics' });

export const DailyActivitySchema = z
  .object({
    date: isoDate,
    metrics: ActivityMetricsSchema,
    breakdown: z.object({ models: z.record(z.string(), z.object({ metrics: ActivityMetricsSchema })) }),
  })
  .meta({ id: 'DailyActivity' });

/** Response of GET /user/daily/activity: the calling key's usage, one result per UTC day. */
export const DailyActivityResponseSchema = z
  .object({
    results: z.array(DailyActivitySchema),
    metadata: z.object({
      total_spend: decimalString,
      total_prompt_tokens: count,
      total_completion_tokens: count,
      total_cache_read_input_tokens: count,
      total_cache_creation_input_tokens: count,
      total_tokens: count,
      total_api_requests: count,
    }),
  })
  .meta({ id: 'DailyActivityResponse' });

export type KeyInfo = z.infer<typeof KeyInfoSchema>;
export type KeyInfoResponse = z.infer<typeof KeyInfoResponseSchema>;
export type ModelInfo = z.infer<typeof ModelInfoSchema>;
export type ModelInfoResponse = z.infer<typeof ModelInfoResponseSchema>;
export type ActivityMetrics = z.infer<typeof ActivityMetricsSchema>;
export type DailyActivity = z.infer<typeof DailyActivitySchema>;
export type DailyActivityResponse = z.infer<typeof DailyActivityResponseSchema>;
