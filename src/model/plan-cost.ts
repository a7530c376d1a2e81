import { z } from 'zod';
import { CurrencySchema, int32, int64, isoDate } from './primitives.js';
import { CorePlanSchema, DevPlanSchema, PricingServiceSchema, PricingTypeSchema } from './enums.js';

export const PlanCostPeriodSchema = z
  .object({ first_day: isoDate, last_day: isoDate })
  .meta({ id: 'PlanCostPeriod' });

/** OrgPlanCostLine: one priced product; `line_total_cents` = unit price x quantity. */
export const PlanCostLineSchema = z
  .object({
    service: PricingServiceSchema,
    type: PricingTypeSchema,
    is_per_user: z.boolean(),
    unit_price_cents: int32,
    quantity: int32,
    line_total_cents: int64,
    custom_price: z.boolean().optional(),
    period: PlanCostPeriodSchema.nullable().optional(),
    plan: DevPlanSchema.nullable().optional(),
    core_plan: CorePlanSchema.nullable().optional(),
  })
  .meta({ id: 'OrgPlanCostLine' });

export const PlanCostMissingSchema = z
  .object({ service: PricingServiceSchema, type: PricingTypeSchema, plan: DevPlanSchema.nullable().optional() })
  .meta({ id: 'OrgPlanCostMissing' });

/** OrgPlanCost: the response of plan-cost; amounts in minor units of `currency`. */
export const OrgPlanCostSchema = z
  .object({
    currency: CurrencySchema,
    seats: int32,
    lines: z.array(PlanCostLineSchema),
    missing: z.array(PlanCostMissingSchema),
    total_monthly_cents: int64,
    core_plan: CorePlanSchema.nullable().optional(),
    // Type and values "not shown" in the spec: accepted as any JSON value and passed through.
    company_size_tier: z.unknown().optional(),
  })
  .meta({ id: 'OrgPlanCost' });

export type PlanCostPeriod = z.infer<typeof PlanCostPeriodSchema>;
export type PlanCostLine = z.infer<typeof PlanCostLineSchema>;
export type PlanCostMissing = z.infer<typeof PlanCostMissingSchema>;
export type OrgPlanCost = z.infer<typeof OrgPlanCostSchema>;
export type OrgPlanCostJson = z.input<typeof OrgPlanCostSchema>;
