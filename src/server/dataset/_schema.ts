// The raw dataset the reference server reads (format documented in README "Reference server").
// Every file is checked with these schemas when loaded, so a bad dataset names its file and field.
import { z } from 'zod';
import { KeyFieldSchema, KeyFieldValueSchema } from '../../model/index.js';
import { CorePlanSchema, DevPlanSchema, KeyProductSchema, ModelProductSchema, PricingServiceSchema, PricingTypeSchema } from '../../model/index.js';

const usd = z.string().regex(/^\d+(\.\d{1,6})?$/, 'expected USD as a decimal string with at most 6 decimals');
const day = z.iso.date();
const INT32_MAX = 2 ** 31 - 1;
/** A price in minor units: plan-cost's `unit_price_cents` is an int32 (spec §2 OrgPlanCostLine). */
const price = z.int().nonnegative().max(INT32_MAX, `a price is plan-cost's unit_price_cents, an int32: at most ${INT32_MAX} minor units`);
const amounts = z.object({ DKK: price, EUR: price, USD: price }).partial();
/** Requests per minute of a key's rate limit. */
const rpm = z.int().min(1).max(1_000_000);
/** A key's rate limit when neither it nor dataset.json sets one (README "Decisions"): 30 searches a minute, 30 of them at once. */
export const DEFAULT_RPM_LIMIT = 30;

export const RawModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  service_hosted: z.boolean(),
  product: ModelProductSchema.nullable(),
  /** false: withdrawn from the catalog (keys that have it keep it: "no longer offered"). */
  offered: z.boolean().default(true),
  mode: z.string().default('chat'),
  max_input_tokens: z.int().nullable().default(null),
  max_output_tokens: z.int().nullable().default(null),
  /** USD per million tokens as decimal strings; usage spend is tokens × these (0 for hosted models). */
  input_usd_per_mtok: usd,
  output_usd_per_mtok: usd,
  cache_read_usd_per_mtok: usd.nullable().default(null),
  cache_write_usd_per_mtok: usd.nullable().default(null),
  supports_function_calling: z.boolean().default(false),
  supports_reasoning: z.boolean().default(false),
  supports_vision: z.boolean().default(false),
  supports_pdf_input: z.boolean().default(false),
  supports_prompt_caching: z.boolean().default(false),
  supported_reasoning_levels: z.array(z.string()).nullable().default(null),
});

export const RawPriceSchema = z.object({
  service: PricingServiceSchema,
  type: PricingTypeSchema,
  is_per_user: z.boolean(),
  core_plan: CorePlanSchema.nullable().default(null),
  plan: DevPlanSchema.nullable().default(null),
  /** Hand-set amount per currency in minor units; a currency missing here has no price in it. */
  amounts,
});

export const DatasetMetaSchema = z.object({
  format: z.literal(1),
  today: day,
  /** USD→DKK rate per month `YYYY-MM` (DKK for one USD). */
  usd_dkk_rates: z.record(z.string().regex(/^\d{4}-\d{2}$/), z.string().regex(/^\d+(\.\d+)?$/)),
  models: z.array(RawModelSchema),
  prices: z.array(RawPriceSchema),
  dev_plans: z.record(DevPlanSchema, z.object({ tokens_included: z.int().nonnegative() })),
  /** The rate limit of a key that sets none, requests per minute; null: no limit. */
  default_rpm_limit: rpm.nullable().default(DEFAULT_RPM_LIMIT),
});

export const RawKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Last alias; a deleted key is reported by it, or as "(deleted key)" when none. */
  alias: z.string().nullable().default(null),
  key_prefix: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  deleted_at: z.iso.datetime({ offset: true }).nullable().default(null),
  fields: z.record(z.string(), KeyFieldValueSchema).default({}),
  product: KeyProductSchema.nullable().default(null),
  recipient_email: z.string().nullable().default(null),
  /** Models the key may call; empty = every model on the organization's allow-list. */
  models: z.array(z.string()).default([]),
  profile_id: z.string().nullable().default(null),
  monthly_limit_usd: usd.nullable().default(null),
  /** Dev plan of the seat holder the key belongs to. */
  dev_plan: DevPlanSchema.nullable().default(null),
  /** The key's rate limit, requests per minute (LiteLLM's `rpm_limit`), which search calls count against; null: none; absent: the dataset's `default_rpm_limit`. */
  rpm_limit: rpm.nullable().optional(),
});

export const RawOrgSchema = z.object({
  org_id: z.string(),
  name: z.string(),
  created_at: day,
  shares: z.object({ invoices: z.boolean(), usage: z.boolean(), subscription: z.boolean() }),
  needs_attention: z.boolean().default(false),
  key_fields: z.array(KeyFieldSchema).default([]),
  allowed_models: z.array(z.string()),
  connect_models: z.array(z.string()).default([]),
  /** Prepaid credits: the spec describes a balance that is drawn down, never an overdraft, so below zero is refused. */
  credits: z.object({ balance_usd: z.string().regex(/^\d+(\.\d{1,6})?$/, 'expected a prepaid balance as a USD decimal string of at least 0 with at most 6 decimals, e.g. "12.50"') }).nullable().default(null),
  subscription: z.object({
    core_plan: CorePlanSchema.nullable().default(null),
    company_size_tier: z.unknown().optional(),
    products: z
      .array(
        z.object({
          service: PricingServiceSchema,
          type: PricingTypeSchema,
          since: day.nullable().default(null),
          /** Agreed price per currency (minor units) instead of the list price. */
          custom_amounts: amounts.nullable().default(null),
        }),
      )
      .default([]),
    dev_seats: z.array(z.object({ plan: DevPlanSchema, seats: z.int().positive().max(INT32_MAX, `seats are plan-cost's quantity, an int32: at most ${INT32_MAX}`), since: day.nullable().default(null) })).default([]),
  }),
  keys: z.array(RawKeySchema),
});

export const PartnerSchema = z.object({
  org_id: z.string(),
  name: z.string(),
  customers: z.array(z.string()),
  profiles: z.array(
    z.object({ id: z.guid(), name: z.string(), follows_router: z.boolean(), recommended: z.array(z.string()).default([]) }),
  ),
});

export const ApiTokensSchema = z.object({
  orgs: z.array(z.object({ org_id: z.string(), token: z.string() })),
  partners: z.array(z.object({ org_id: z.string(), token: z.string() })),
  api_keys: z
    .array(z.object({ key_id: z.string(), org_id: z.string().nullable(), api_key: z.string(), note: z.string().default('') }))
    .default([]),
});

export const SearchIndexSchema = z.array(
  z.object({
    title: z.string(),
    url: z.string(),
    snippet: z.string(),
    date: z.string(),
    language: z.string().default('en'),
    categories: z.array(z.string()).default(['general']),
    engines: z.array(z.string()).default([]),
  }),
);

export type DatasetMeta = z.infer<typeof DatasetMetaSchema>;
export type RawModel = z.infer<typeof RawModelSchema>;
export type RawPrice = z.infer<typeof RawPriceSchema>;
export type RawOrg = z.infer<typeof RawOrgSchema>;
export type RawKey = z.infer<typeof RawKeySchema>;
export type Partner = z.infer<typeof PartnerSchema>;
export type ApiTokens = z.infer<typeof ApiTokensSchema>;
export type SearchIndex = z.infer<typeof SearchIndexSchema>;
