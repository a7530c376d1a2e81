import { z } from 'zod';
import { CurrencySchema, int32, int64, isoDate } from './primitives/primitives.js';
import { CorePlanSchema, DevPlanSchema, PricingServiceSchema, PricingTypeSchema } from './enums.js';

// Shapes with a doc comment per field, the schema typed as `z.ZodObject<typeof shape>` so the
// comments reach the built .d.ts (see invoice.ts).

const planCostPeriodShape = {
  /** First day covered, `YYYY-MM-DD`, inclusive. */
  first_day: isoDate,
  /** Last day covered, `YYYY-MM-DD`, inclusive. */
  last_day: isoDate,
};
/** PlanCostPeriod: the days a part-month line covers. */
export const PlanCostPeriodSchema: z.ZodObject<typeof planCostPeriodShape, z.core.$strip> = z.object(planCostPeriodShape).meta({ id: 'PlanCostPeriod' });

const planCostLineShape = {
  /** The product's service. */
  service: PricingServiceSchema,
  /** The product's type. */
  type: PricingTypeSchema,
  /** True: billed per seat, quantity = seats; false: a flat price. */
  is_per_user: z.boolean(),
  /** Price per unit in minor units of the plan cost's `currency` (øre for DKK); for a part-month line the price for those days. */
  unit_price_cents: int32,
  /** Seats for a per-user line, otherwise 1. */
  quantity: int32,
  /** unit_price_cents × quantity, in minor units of the plan cost's `currency` (øre for DKK). */
  line_total_cents: int64,
  /** True: a price agreed with the organization rather than the list price. Absent: not said (list price). */
  custom_price: z.boolean().optional(),
  /** The days covered when the line covers only part of a month (e.g. seats added mid-month); null otherwise. */
  period: PlanCostPeriodSchema.nullable().optional(),
  /** The dev plan of a dev line (one line per plan with seats); null otherwise. */
  plan: DevPlanSchema.nullable().optional(),
  /** The core plan on a core line at list price; null on other products and on an agreed price. */
  core_plan: CorePlanSchema.nullable().optional(),
};
/** OrgPlanCostLine: one priced product; `line_total_cents` = unit price x quantity. */
export const PlanCostLineSchema: z.ZodObject<typeof planCostLineShape, z.core.$strip> = z.object(planCostLineShape).meta({ id: 'OrgPlanCostLine' });

const planCostMissingShape = {
  /** The product's service. */
  service: PricingServiceSchema,
  /** The product's type. */
  type: PricingTypeSchema,
  /** The dev plan with seats but no price; null otherwise. */
  plan: DevPlanSchema.nullable().optional(),
};
/** OrgPlanCostMissing: a product with no plan or agreed price, or a dev plan with seats but no price. */
export const PlanCostMissingSchema: z.ZodObject<typeof planCostMissingShape, z.core.$strip> = z.object(planCostMissingShape).meta({ id: 'OrgPlanCostMissing' });

const orgPlanCostShape = {
  /** The requested currency (DKK by default); every amount is in its minor units, from the price set in it, never converted. */
  currency: CurrencySchema,
  /** Dev seats ordered across plans; every ordered seat is billed, used or not. */
  seats: int32,
  /** One line per product the organization has that has a price. */
  lines: z.array(PlanCostLineSchema),
  /** Products without a price yet. */
  missing: z.array(PlanCostMissingSchema),
  /** Sum of every line_total_cents: the monthly plan cost in minor units of `currency` (øre for DKK), token usage excluded. */
  total_monthly_cents: int64,
  /** The organization's core plan; null when none. */
  core_plan: CorePlanSchema.nullable().optional(),
  /** Carried by the service's example; its type and values are not shown in the spec, so any JSON value passes through. */
  company_size_tier: z.unknown().optional(),
};
/** OrgPlanCost: the response of plan-cost; amounts in minor units of `currency`. */
export const OrgPlanCostSchema: z.ZodObject<typeof orgPlanCostShape, z.core.$strip> = z.object(orgPlanCostShape).meta({ id: 'OrgPlanCost' });

export type PlanCostPeriod = z.infer<typeof PlanCostPeriodSchema>;
export type PlanCostLine = z.infer<typeof PlanCostLineSchema>;
export type PlanCostMissing = z.infer<typeof PlanCostMissingSchema>;
export type OrgPlanCost = z.infer<typeof OrgPlanCostSchema>;
export type OrgPlanCostJson = z.input<typeof OrgPlanCostSchema>;
