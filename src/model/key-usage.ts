import { z } from 'zod';
import { compileRecordSchema } from './parse/compiled-record.js';
import { count, decimalString, email, isoDate } from './primitives/primitives.js';
import { KeyFieldTypeSchema, KeyProductSchema } from './enums.js';

// Shapes with a doc comment per field, the schema typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (see invoice.ts).

// Here, beside the records that carry it: a shape from another file loses its doc comments
// where the built .d.ts writes a record out.
/**
 * The token group of the usage records (reporting-api.md §2 Conventions); cache fields
 * optional unless a record says otherwise. Non-overlapping buckets: uncached input =
 * prompt_tokens − cache_read_input_tokens − cache_creation_input_tokens.
 */
const tokenGroup = {
  /** Input tokens, the whole input: cache reads and cache writes included. */
  prompt_tokens: count,
  /** Output tokens. */
  completion_tokens: count,
  /** prompt_tokens + completion_tokens. */
  total_tokens: count,
  /** Requests made. */
  request_count: count,
  /** Input tokens read from the prompt cache; a part of prompt_tokens. Absent when the service did not report it (count it as 0). */
  cache_read_input_tokens: count.optional(),
  /** Input tokens written to the prompt cache; a part of prompt_tokens. Absent when the service did not report it (count it as 0). */
  cache_creation_input_tokens: count.optional(),
};

/** KeyFieldValue: boolean for a boolean field, string for text, the option key for select. */
export const KeyFieldValueSchema = z.union([z.boolean(), z.string()]).meta({ id: 'KeyFieldValue' });

const keyFieldOptionShape = {
  /** The option's stable key, stored on keys; renaming the label never changes it. */
  key: z.string(),
  /** The option's label as the dashboard shows it. */
  label: z.string(),
};
/** KeyFieldOption: one choice of a `select` field. */
export const KeyFieldOptionSchema: z.ZodObject<typeof keyFieldOptionShape, z.core.$strip> = z.object(keyFieldOptionShape).meta({ id: 'KeyFieldOption' });

const keyFieldShape = {
  /** Stable identifier of the field (e.g. a team or privacy flag); never changes. */
  key: z.string(),
  /** Label shown in the dashboard; may change. */
  display_name: z.string(),
  /** `text`, `boolean` or `select`. */
  type: KeyFieldTypeSchema,
  /** True: a key cannot be created, nor its fields saved, without a value. Absent: not said (false). */
  required: z.boolean().optional(),
  /** Pre-filled in the dashboard when creating a key; null when none. A key created through an API without a value does not get it. */
  default_value: KeyFieldValueSchema.nullable().optional(),
  /** Choices of a `select` field in display order; empty or absent otherwise. */
  options: z.array(KeyFieldOptionSchema).optional(),
  /** True or absent: choices sorted by label ignoring case; false: in the given order (the default is stated for OpenAPI readers, not filled in on parse). */
  sort_options_alphabetically: z.boolean().optional().meta({ default: true }),
};
/** KeyField: one field of the organization's key schema. */
export const KeyFieldSchema: z.ZodObject<typeof keyFieldShape, z.core.$strip> = z.object(keyFieldShape).meta({ id: 'KeyField' });

/** UsageSlice: tokens and requests of one side of the hosted/external split (no spend). */
export const UsageSliceSchema: z.ZodObject<typeof tokenGroup, z.core.$strip> = z.object(tokenGroup).meta({ id: 'UsageSlice' });

const modelUsageHead = {
  /** The model as named in the requests. */
  model: z.string(),
  /** Spend in US dollars, exact (a decimal string on the wire); 0 for models the service hosts. */
  spend_usd: decimalString,
};
const modelUsageTail = {
  /** True for a model the service hosts itself (covered by the subscription: spend 0). Absent: not said. */
  service_hosted: z.boolean().optional(),
};
/** OrgKeyModelUsage / OrgModelUsage (same shape). */
export const ModelUsageSchema: z.ZodObject<typeof modelUsageHead & typeof tokenGroup & typeof modelUsageTail, z.core.$strip> = z
  .object({ ...modelUsageHead, ...tokenGroup, ...modelUsageTail })
  .meta({ id: 'OrgModelUsage' });

/** OrgKeyModelUsage: one model of one key; the spec names it apart from the roll-up, with the same shape. */
export const KeyModelUsageSchema = ModelUsageSchema.meta({ id: 'OrgKeyModelUsage' });

const providerUsageHead = {
  /** The upstream provider's slug; `hosted_vllm` for service-hosted models. */
  provider: z.string(),
  /** Spend in US dollars, exact (a decimal string on the wire). */
  spend_usd: decimalString,
};
/** OrgProviderUsage: usage per upstream provider, a coarser cut than models. */
export const ProviderUsageSchema: z.ZodObject<typeof providerUsageHead & typeof tokenGroup, z.core.$strip> = z
  .object({ ...providerUsageHead, ...tokenGroup })
  .meta({ id: 'OrgProviderUsage' });

const keyUsageEntryHead = {
  /** The key's id. */
  id: z.string(),
  /** The key's name; a key deleted since it spent is named (deleted key) or by its last alias. */
  name: z.string(),
  /** The start of the key as shown in the dashboard, e.g. `sk-nl1a`. */
  key_prefix: z.string(),
  /** Spend in US dollars over the period, exact (a decimal string on the wire). */
  spend_usd: decimalString,
};
const keyUsageEntryTail = {
  /** Usage per model, highest spend first; empty when the key had no activity. May sum slightly below the key's figures (usage recorded without a model). */
  models: z.array(KeyModelUsageSchema),
  /** Traffic to service-hosted models (spend 0); with `external` it adds up to the key's figures. Absent: not reported. */
  service: UsageSliceSchema.optional(),
  /** Traffic to every other model, usage attributed to no model included; spend is the key's `spend_usd`. Absent: not reported. */
  external: UsageSliceSchema.optional(),
  /** The key's field values today (not at usage time), by field key; empty for a deleted key. */
  fields: z.record(z.string(), KeyFieldValueSchema).optional(),
  /** What the key is for (`connect`, `dev`, `service`); null for ordinary or deleted keys. */
  product: KeyProductSchema.nullable().optional(),
  /** Who the key was sent to (trimmed, lower-case), for keys handed out from the connect page; null otherwise, absent for deleted keys. */
  recipient_email: email.nullable().optional(),
};
/** OrgKeyUsageEntry: one API key. */
export const KeyUsageEntrySchema: z.ZodObject<typeof keyUsageEntryHead & typeof tokenGroup & typeof keyUsageEntryTail, z.core.$strip> = z
  .object({ ...keyUsageEntryHead, ...tokenGroup, ...keyUsageEntryTail })
  .meta({ id: 'OrgKeyUsageEntry' });

const keyFieldGroupUsageHead = {
  /** Keys holding this value now; zero for an unpicked option or yes/no. */
  key_count: count,
  /** Spend of those keys in US dollars, exact (a decimal string on the wire). */
  spend_usd: decimalString,
};
const keyFieldGroupUsageTail = {
  /** Input tokens read from the prompt cache; a part of prompt_tokens (always sent here). */
  cache_read_input_tokens: count,
  /** Input tokens written to the prompt cache; a part of prompt_tokens (always sent here). */
  cache_creation_input_tokens: count,
  /** Those keys' traffic to service-hosted models. */
  service: UsageSliceSchema,
  /** Those keys' traffic to every other model. */
  external: UsageSliceSchema,
  /** The option's label, the text, or Yes / No; null together with `value` (keys with no value). */
  label: z.string().nullable().optional(),
  /** The value the keys hold; null for keys with no value, keys deleted since they spent included. */
  value: KeyFieldValueSchema.nullable().optional(),
};
/** OrgKeyFieldGroupUsage: the keys holding one value of a key field, and their usage. */
// The cache fields are required here: the tail's replace the token group's, in the same place.
export const KeyFieldGroupUsageSchema: z.ZodObject<
  typeof keyFieldGroupUsageHead & Omit<typeof tokenGroup, 'cache_read_input_tokens' | 'cache_creation_input_tokens'> & typeof keyFieldGroupUsageTail,
  z.core.$strip
> = z.object({ ...keyFieldGroupUsageHead, ...tokenGroup, ...keyFieldGroupUsageTail }).meta({ id: 'OrgKeyFieldGroupUsage' });

const keyFieldUsageShape = {
  /** The field's stable identifier. */
  key: z.string(),
  /** The field's label in the dashboard. */
  display_name: z.string(),
  /** `text`, `boolean` or `select`. */
  type: KeyFieldTypeSchema,
  /** One group per value (select: every option in schema order; boolean: true then false; text: highest spend first), the keys with no value last; they add up to the totals. */
  groups: z.array(KeyFieldGroupUsageSchema),
};
/** OrgKeyFieldUsage: usage grouped by one key field. */
export const KeyFieldUsageSchema: z.ZodObject<typeof keyFieldUsageShape, z.core.$strip> = z.object(keyFieldUsageShape).meta({ id: 'OrgKeyFieldUsage' });

const keyUsageTotalsHead = {
  /** The organization's spend over the period in US dollars, exact (a decimal string on the wire). */
  spend_usd: decimalString,
};
const keyUsageTotalsTail = {
  /** Every model used, highest spend first, then most tokens; empty when no activity; may sum slightly below the totals. */
  models: z.array(ModelUsageSchema),
  /** Every upstream provider, highest spend first; empty when nothing was recorded. Absent: not reported. */
  providers: z.array(ProviderUsageSchema).optional(),
  /** Traffic to service-hosted models; with `external` it adds up to the totals. Absent: not reported. */
  service: UsageSliceSchema.optional(),
  /** Traffic to every other model. Absent: not reported. */
  external: UsageSliceSchema.optional(),
  /** Usage grouped by each key field, in the order of `key_fields`; empty when the organization has none. */
  by_field: z.array(KeyFieldUsageSchema).optional(),
};
/** OrgKeyUsageTotals: the organization's totals over the period. */
export const KeyUsageTotalsSchema: z.ZodObject<typeof keyUsageTotalsHead & typeof tokenGroup & typeof keyUsageTotalsTail, z.core.$strip> = z
  .object({ ...keyUsageTotalsHead, ...tokenGroup, ...keyUsageTotalsTail })
  .meta({ id: 'OrgKeyUsageTotals' });

const orgKeyUsageShape = {
  /** The organization reported on. */
  org_id: z.string(),
  /** First day covered, `YYYY-MM-DD`, inclusive (the period as the service resolved it). */
  start_date: isoDate,
  /** Last day covered, `YYYY-MM-DD`, inclusive; never after the service's today. */
  end_date: isoDate,
  /** The organization's key fields in display order: the labels of each key's `fields`. Absent: not sent. */
  key_fields: z.array(KeyFieldSchema).optional(),
  /** One entry per API key, highest spend first. */
  keys: z.array(KeyUsageEntrySchema),
  /** The organization's totals over the period. */
  totals: KeyUsageTotalsSchema,
};
/** OrgKeyUsage: the response of key-usage. */
export const OrgKeyUsageSchema: z.ZodObject<typeof orgKeyUsageShape, z.core.$strip> = z.object(orgKeyUsageShape).meta({ id: 'OrgKeyUsage' });

export type KeyFieldValue = z.infer<typeof KeyFieldValueSchema>;
export type KeyFieldOption = z.infer<typeof KeyFieldOptionSchema>;
export type KeyField = z.infer<typeof KeyFieldSchema>;
export type UsageSlice = z.infer<typeof UsageSliceSchema>;
export type ModelUsage = z.infer<typeof ModelUsageSchema>;
export type ProviderUsage = z.infer<typeof ProviderUsageSchema>;
export type KeyUsageEntry = z.infer<typeof KeyUsageEntrySchema>;
export type KeyFieldGroupUsage = z.infer<typeof KeyFieldGroupUsageSchema>;
export type KeyFieldUsage = z.infer<typeof KeyFieldUsageSchema>;
export type KeyUsageTotals = z.infer<typeof KeyUsageTotalsSchema>;
export type OrgKeyUsage = z.infer<typeof OrgKeyUsageSchema>;
export type OrgKeyUsageJson = z.input<typeof OrgKeyUsageSchema>;

// Checked tens of times an answer (one entry at a time, as the answer streams): by a compiled check, zod naming a refusal.
compileRecordSchema(KeyUsageEntrySchema);
// The rest of a streamed answer (its keys empty) is checked once an answer, and the whole record of getKeyUsage.
compileRecordSchema(OrgKeyUsageSchema);
