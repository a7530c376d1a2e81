import { z } from 'zod';
import { count, isoDate, isoDateTime, objectOf } from './primitives/primitives.js';
import { litellmAmount, litellmSignedAmount } from './primitives/litellm-amount.js';

/*
 * Records of the gateway endpoints the spec leaves "not shown" (README Assumptions): the
 * LiteLLM proxy's shapes for `/key/info`, `/v1/model/info` and `/user/daily/activity`. Money
 * and prices are read exactly whether they come as JSON numbers (LiteLLM's floats), exponent
 * strings or decimal strings (primitives/litellm-amount.ts); `/user/daily/activity` may come in
 * pages (LiteLLM's SpendAnalyticsPaginatedResponse), which the client follows and joins.
 */

// Shapes with a doc comment per field, the schema typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (see invoice.ts).

const keyCreditsShape = {
  /** Balance left in US dollars, exact (a JSON number or decimal string on the wire); negative when overdrawn. */
  balance_usd: litellmSignedAmount,
};
/** Prepaid credits of the key's organization (shared by all its keys). */
export const KeyCreditsSchema: z.ZodObject<typeof keyCreditsShape, z.core.$strip> = z.object(keyCreditsShape).meta({ id: 'KeyCredits' });

const keyDevPlanShape = {
  /** The plan: go, pro or max. */
  plan: z.string(),
  /** Tokens used this month; cache reads count a tenth. */
  tokens_used: count,
  /** Tokens the plan includes per month. */
  tokens_included: count,
  /** First day of the allowance's month, `YYYY-MM-DD`. */
  period_start: isoDate,
};
/** The dev-plan allowance of a dev seat holder's key, this month. */
export const KeyDevPlanSchema: z.ZodObject<typeof keyDevPlanShape, z.core.$strip> = z.object(keyDevPlanShape).meta({ id: 'KeyDevPlan' });

const keyInfoShape = {
  /** The key's alias; null when it has none (then `key_name` names it). */
  key_alias: z.string().nullable(),
  /** The key's name, or the key masked (e.g. `sk-...f00d`). */
  key_name: z.string(),
  /** Its organization's id; null for a key of no organization. */
  org_id: z.string().nullable(),
  /** US dollars spent this calendar month, exact (a JSON number or decimal string on the wire). */
  spend: litellmAmount,
  /** Monthly spend limit in US dollars, exact; null when the key has none. */
  max_budget: litellmAmount.nullable(),
  /** `1mo` when the key has a monthly limit; null otherwise. */
  budget_duration: z.string().nullable(),
  /** When the monthly limit resets, ISO 8601; null without a limit. */
  budget_reset_at: isoDateTime.nullable(),
  /** True when the monthly limit is reached; the key works again when it resets. */
  blocked: z.boolean(),
  /** Ids of the models the key may use. */
  models: z.array(z.string()),
  /** Whether the organization's usage is shared with it (else daily activity answers 403). */
  usage_shared: z.boolean(),
  /** The organization's prepaid credits, shared by all its keys; null when it does not pay with credits. */
  credits: KeyCreditsSchema.nullable(),
  /** The dev plan of the seat holder the key belongs to; null otherwise. */
  dev_plan: KeyDevPlanSchema.nullable(),
};
/** `info` of GET /key/info. */
export const KeyInfoSchema: z.ZodObject<typeof keyInfoShape, z.core.$strip> = z.object(keyInfoShape).meta({ id: 'KeyInfo' });

const keyInfoResponseShape = {
  /** The key's id. */
  key: z.string(),
  /** The key's details. */
  info: KeyInfoSchema,
};
/** Response of GET /key/info. */
export const KeyInfoResponseSchema: z.ZodObject<typeof keyInfoResponseShape, z.core.$strip> = z.object(keyInfoResponseShape).meta({ id: 'KeyInfoResponse' });

/** A capability flag; LiteLLM sends null or leaves it out when unknown, which counts as "no". */
const flag = z.boolean().nullable().optional().transform((v) => v === true);
const price = litellmAmount.nullable();

const modelInfoDetailsShape = {
  /** Kind of model, LiteLLM's modes: chat, embedding, audio_transcription, … */
  mode: z.string(),
  /** Context window in tokens; null when unknown. */
  max_input_tokens: count.nullable(),
  /** Longest output in tokens; null when unknown. */
  max_output_tokens: count.nullable(),
  /** US dollars per input token, exact; null when unknown. */
  input_cost_per_token: price,
  /** US dollars per output token, exact; null when unknown. */
  output_cost_per_token: price,
  /** US dollars per token read from the prompt cache, exact; null when none. */
  cache_read_input_token_cost: price,
  /** US dollars per token written to the prompt cache, exact; null when none. */
  cache_creation_input_token_cost: price,
  /** Takes tool calls (false when the service did not say). */
  supports_function_calling: flag,
  /** Reasons before answering (false when the service did not say). */
  supports_reasoning: flag,
  /** Takes image input (false when the service did not say). */
  supports_vision: flag,
  /** Takes PDF input (false when the service did not say). */
  supports_pdf_input: flag,
  /** Caches prompts (false when the service did not say). */
  supports_prompt_caching: flag,
  /** Accepted reasoning levels; null when none are listed. */
  supported_reasoning_levels: z.array(z.string()).nullable().optional().transform((v) => v ?? null),
  /** Hosted by the service itself: spend 0, covered by the subscription (false when the service did not say). */
  service_hosted: flag,
};
/** `model_info` of one model in GET /v1/model/info. Prices are US$ per token. */
export const ModelInfoDetailsSchema: z.ZodObject<typeof modelInfoDetailsShape, z.core.$strip> = z.object(modelInfoDetailsShape).meta({ id: 'ModelInfoDetails' });

const litellmParamsShape = {
  /** `provider/model`: where the gateway sends the requests. */
  model: z.string(),
};
const modelInfoShape = {
  /** The model's id, as named in requests. */
  model_name: z.string(),
  /** How the gateway routes it. */
  litellm_params: objectOf(litellmParamsShape),
  /** Limits, prices per token and capabilities. */
  model_info: ModelInfoDetailsSchema,
};
/** One model the key may use. */
export const ModelInfoSchema: z.ZodObject<typeof modelInfoShape, z.core.$strip> = z.object(modelInfoShape).meta({ id: 'ModelInfo' });

const modelInfoResponseShape = {
  /** The models the key may use. */
  data: z.array(ModelInfoSchema),
};
/** Response of GET /v1/model/info: the models the calling key may use. */
export const ModelInfoResponseSchema: z.ZodObject<typeof modelInfoResponseShape, z.core.$strip> = z.object(modelInfoResponseShape).meta({ id: 'ModelInfoResponse' });

const activityMetricsShape = {
  /** Spend in US dollars, exact (a JSON number or decimal string on the wire). */
  spend: litellmAmount,
  /** Input tokens, cache reads and writes included. */
  prompt_tokens: count,
  /** Output tokens. */
  completion_tokens: count,
  /** Input tokens read from the prompt cache; a part of prompt_tokens. */
  cache_read_input_tokens: count,
  /** Input tokens written to the prompt cache; a part of prompt_tokens. */
  cache_creation_input_tokens: count,
  /** prompt_tokens + completion_tokens. */
  total_tokens: count,
  /** Requests made. */
  api_requests: count,
};
/** Spend and tokens of one day, or of one model on one day. */
export const ActivityMetricsSchema: z.ZodObject<typeof activityMetricsShape, z.core.$strip> = z.object(activityMetricsShape).meta({ id: 'ActivityMetrics' });

const modelActivityShape = {
  /** The model's figures that day. */
  metrics: ActivityMetricsSchema,
};
const breakdownShape = {
  /** The day's figures by model id; usage recorded without a model has no entry. */
  models: z.record(z.string(), objectOf(modelActivityShape)),
};
const dailyActivityShape = {
  /** The UTC day, `YYYY-MM-DD`. */
  date: isoDate,
  /** The day's figures, usage without a model included. */
  metrics: ActivityMetricsSchema,
  /** The day's figures per model. */
  breakdown: objectOf(breakdownShape),
};
/** One UTC day of the calling key's usage. */
export const DailyActivitySchema: z.ZodObject<typeof dailyActivityShape, z.core.$strip> = z.object(dailyActivityShape).meta({ id: 'DailyActivity' });

const activityTotalsShape = {
  /** Spend in US dollars, exact (a JSON number or decimal string on the wire). */
  total_spend: litellmAmount,
  /** Input tokens, cache reads and writes included. */
  total_prompt_tokens: count,
  /** Output tokens. */
  total_completion_tokens: count,
  /** Input tokens read from the prompt cache; a part of total_prompt_tokens. */
  total_cache_read_input_tokens: count,
  /** Input tokens written to the prompt cache; a part of total_prompt_tokens. */
  total_cache_creation_input_tokens: count,
  /** total_prompt_tokens + total_completion_tokens. */
  total_tokens: count,
  /** Requests made. */
  total_api_requests: count,
  /** This answer's page, from 1 (LiteLLM's pagination; absent when the gateway does not page). */
  page: z.int().min(1).optional(),
  /** How many pages the range has (absent when the gateway does not page). */
  total_pages: z.int().min(0).optional(),
  /** Whether a page follows this one (absent when the gateway does not page). */
  has_more: z.boolean().optional(),
};
const dailyActivityResponseShape = {
  /** Results per UTC day: one per day, oldest first, from svc's server; LiteLLM sends the newest first, and a day split over two pages appears on both. */
  results: z.array(DailyActivitySchema),
  /** Totals over the range (LiteLLM: over this page's records) and the page fields. */
  metadata: objectOf(activityTotalsShape),
};
/** Response of GET /user/daily/activity: the calling key's usage, one result per UTC day. */
export const DailyActivityResponseSchema: z.ZodObject<typeof dailyActivityResponseShape, z.core.$strip> = z.object(dailyActivityResponseShape).meta({ id: 'DailyActivityResponse' });

export type KeyInfo = z.infer<typeof KeyInfoSchema>;
export type KeyInfoResponse = z.infer<typeof KeyInfoResponseSchema>;
export type ModelInfo = z.infer<typeof ModelInfoSchema>;
export type ModelInfoResponse = z.infer<typeof ModelInfoResponseSchema>;
export type ActivityMetrics = z.infer<typeof ActivityMetricsSchema>;
export type DailyActivity = z.infer<typeof DailyActivitySchema>;
export type DailyActivityResponse = z.infer<typeof DailyActivityResponseSchema>;
