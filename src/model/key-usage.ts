import { z } from 'zod';
import { count, decimalString, email, isoDate, tokenGroup } from './primitives.js';
import { KeyFieldTypeSchema, KeyProductSchema } from './enums.js';

/** KeyFieldValue: boolean for a boolean field, string for text, the option key for select. */
export const KeyFieldValueSchema = z.union([z.boolean(), z.string()]).meta({ id: 'KeyFieldValue' });

export const KeyFieldOptionSchema = z
  .object({ key: z.string(), label: z.string() })
  .meta({ id: 'KeyFieldOption' });

/** KeyField: one field of the organization's key schema. */
export const KeyFieldSchema = z
  .object({
    key: z.string(),
    display_name: z.string(),
    type: KeyFieldTypeSchema,
    required: z.boolean().optional(),
    default_value: KeyFieldValueSchema.nullable().optional(),
    options: z.array(KeyFieldOptionSchema).optional(),
    // Absent means true (spec §2 KeyField: "true (default)"); stated for OpenAPI readers, not filled in on parse.
    sort_options_alphabetically: z.boolean().optional().meta({ default: true }),
  })
  .meta({ id: 'KeyField' });

/** UsageSlice: tokens and requests of one side of the hosted/external split (no spend). */
export const UsageSliceSchema = z.object({ ...tokenGroup }).meta({ id: 'UsageSlice' });

/** OrgKeyModelUsage / OrgModelUsage (same shape). */
export const ModelUsageSchema = z
  .object({
    model: z.string(),
    spend_usd: decimalString,
    ...tokenGroup,
    service_hosted: z.boolean().optional(),
  })
  .meta({ id: 'OrgModelUsage' });

/** OrgKeyModelUsage: one model of one key; the spec names it apart from the roll-up, with the same shape. */
export const KeyModelUsageSchema = ModelUsageSchema.meta({ id: 'OrgKeyModelUsage' });

export const ProviderUsageSchema = z
  .object({ provider: z.string(), spend_usd: decimalString, ...tokenGroup })
  .meta({ id: 'OrgProviderUsage' });

/** OrgKeyUsageEntry: one API key. */
export const KeyUsageEntrySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    key_prefix: z.string(),
    spend_usd: decimalString,
    ...tokenGroup,
    models: z.array(KeyModelUsageSchema),
    service: UsageSliceSchema.optional(),
    external: UsageSliceSchema.optional(),
    fields: z.record(z.string(), KeyFieldValueSchema).optional(),
    product: KeyProductSchema.nullable().optional(),
    recipient_email: email.nullable().optional(),
  })
  .meta({ id: 'OrgKeyUsageEntry' });

export const KeyFieldGroupUsageSchema = z
  .object({
    key_count: count,
    spend_usd: decimalString,
    ...tokenGroup,
    cache_read_input_tokens: count,
    cache_creation_input_tokens: count,
    service: UsageSliceSchema,
    external: UsageSliceSchema,
    label: z.string().nullable().optional(),
    value: KeyFieldValueSchema.nullable().optional(),
  })
  .meta({ id: 'OrgKeyFieldGroupUsage' });

export const KeyFieldUsageSchema = z
  .object({
    key: z.string(),
    display_name: z.string(),
    type: KeyFieldTypeSchema,
    groups: z.array(KeyFieldGroupUsageSchema),
  })
  .meta({ id: 'OrgKeyFieldUsage' });

export const KeyUsageTotalsSchema = z
  .object({
    spend_usd: decimalString,
    ...tokenGroup,
    models: z.array(ModelUsageSchema),
    providers: z.array(ProviderUsageSchema).optional(),
    service: UsageSliceSchema.optional(),
    external: UsageSliceSchema.optional(),
    by_field: z.array(KeyFieldUsageSchema).optional(),
  })
  .meta({ id: 'OrgKeyUsageTotals' });

/** OrgKeyUsage: the response of key-usage. */
export const OrgKeyUsageSchema = z
  .object({
    org_id: z.string(),
    start_date: isoDate,
    end_date: isoDate,
    key_fields: z.array(KeyFieldSchema).optional(),
    keys: z.array(KeyUsageEntrySchema),
    totals: KeyUsageTotalsSchema,
  })
  .meta({ id: 'OrgKeyUsage' });

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
