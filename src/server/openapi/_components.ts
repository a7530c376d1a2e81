import { z } from 'zod';
import { DESCRIPTIONS } from './_descriptions.js';
import {
  ErrorBodySchema, InvoiceBuyerSchema, InvoiceLineSchema, InvoiceSchema, InvoiceSellerSchema, InvoiceSummarySchema,
  KeyFieldGroupUsageSchema, KeyFieldOptionSchema, KeyFieldSchema, KeyFieldUsageSchema, KeyFieldValueSchema, KeyFieldsEntrySchema,
  KeyFieldsRecordSchema, KeyModelUsageSchema, KeyUsageEntrySchema, KeyUsageTotalsSchema, ModelUsageSchema, OrgKeyUsageSchema,
  DailyUsageSchema, MonthlyUsageEntrySchema, OrgMonthlyUsageSchema, UsageSummarySchema, OrgPlanCostSchema, PlanCostLineSchema,
  PlanCostMissingSchema, PlanCostPeriodSchema, PartnerCustomerKeysSchema, PartnerCustomerSchema, PartnerKeySchema, PartnerModelSchema,
  PartnerProfileSchema, PartnerStatusSchema, ProviderUsageSchema, SearchRequestSchema, SearchResponseSchema, SearchResultSchema,
  UsageSliceSchema,
} from '../../model/index.js';
import { ActivityMetricsSchema, DailyActivityResponseSchema, DailyActivitySchema, KeyCreditsSchema, KeyDevPlanSchema, KeyInfoResponseSchema, KeyInfoSchema, ModelInfoDetailsSchema, ModelInfoResponseSchema, ModelInfoSchema } from '../../model/index.js';

/**
 * Every record the served document describes, listed here rather than read from zod's global
 * registry (whose content depends on which modules a process happened to import). Each keeps
 * the id its schema declares; a record nested in one of these must be listed too.
 */
const RECORDS: readonly z.ZodType[] = [
  // reporting-api.md
  InvoiceSummarySchema, InvoiceSchema, InvoiceSellerSchema, InvoiceBuyerSchema, InvoiceLineSchema,
  OrgKeyUsageSchema, KeyFieldSchema, KeyFieldOptionSchema, KeyFieldValueSchema, KeyUsageEntrySchema, ModelUsageSchema, KeyModelUsageSchema,
  ProviderUsageSchema, UsageSliceSchema, KeyUsageTotalsSchema, KeyFieldUsageSchema, KeyFieldGroupUsageSchema,
  OrgMonthlyUsageSchema, MonthlyUsageEntrySchema, DailyUsageSchema, UsageSummarySchema,
  OrgPlanCostSchema, PlanCostLineSchema, PlanCostMissingSchema, PlanCostPeriodSchema,
  PartnerStatusSchema, PartnerProfileSchema, PartnerCustomerKeysSchema, PartnerCustomerSchema, PartnerModelSchema, PartnerKeySchema,
  // gateway-and-cli.md
  KeyFieldsRecordSchema, KeyFieldsEntrySchema, SearchRequestSchema, SearchResponseSchema, SearchResultSchema,
  // the gateway endpoints the CLI uses, LiteLLM's shapes (README Assumptions)
  KeyInfoResponseSchema, KeyInfoSchema, KeyCreditsSchema, KeyDevPlanSchema,
  ModelInfoResponseSchema, ModelInfoSchema, ModelInfoDetailsSchema,
  DailyActivityResponseSchema, DailyActivitySchema, ActivityMetricsSchema,
  // every error body
  ErrorBodySchema,
];

/**
 * `components.schemas` of the served document: the JSON Schema (draft 2020-12, input side: decimal
 * amounts stay strings) of each listed record, by id, nested records as `$ref`s.
 * @throws Error when a listed record nests one with an id that is not listed.
 */
export function componentSchemas(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string }>();
  for (const schema of RECORDS) {
    const id = z.globalRegistry.get(schema)?.id;
    if (!id) throw new Error('an OpenAPI record has no id');
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, { io: 'input', target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, Record<string, unknown>>;
  };
  if (schemas.__shared) throw new Error(`records nested but not listed for OpenAPI: ${Object.keys(schemas.__shared.$defs ?? {}).join(', ')}`);
  const out: Record<string, Record<string, unknown>> = {};
  for (const id of Object.keys(schemas).sort()) {
    const { $schema: _s, $id: _i, ...rest } = schemas[id]!;
    out[id] = describe(id, rest);
  }
  return out;
}

type JsonSchema = { description?: string; properties?: Record<string, JsonSchema>; additionalProperties?: JsonSchema | boolean };

/**
 * The record and every property, inline objects' included, described from DESCRIPTIONS.
 * @throws Error naming a record or property without a description, or a description of none.
 */
function describe(id: string, schema: JsonSchema): Record<string, unknown> {
  const text = DESCRIPTIONS[id];
  if (!text) throw new Error(`OpenAPI record ${id} has no description`);
  const used = new Set<string>();
  const walk = (s: JsonSchema, path: string) => {
    const props = s.properties ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties.properties : undefined);
    for (const [name, prop] of Object.entries(props ?? {})) {
      const at = path ? `${path}.${name}` : name;
      const d = text.properties[at];
      if (d === undefined) throw new Error(`OpenAPI property ${id}.${at} has no description`);
      used.add(at);
      props![name] = { ...prop, description: d };
      walk(props![name], at);
    }
  };
  walk(schema, '');
  const unused = Object.keys(text.properties).filter((p) => !used.has(p));
  if (unused.length) throw new Error(`OpenAPI descriptions of properties ${id} does not have: ${unused.join(', ')}`);
  return { description: text.record, ...schema };
}
