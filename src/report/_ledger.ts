import type { MonthConversion } from './dkk.js';
import { monthDkkCost, type MonthDkkCost } from './month-dkk-cost.js';
import type { MonthPlan } from './period-plan.js';

/** One month of the workbook: its usage and DKK, its plan, and its cost (the one model of it, month-dkk-cost.ts). */
export interface MonthLedger {
  /** `YYYY-MM`. */
  month: string;
  /** The month's usage and its DKK; null when the service withholds usage. */
  conv: MonthConversion | null;
  plan: MonthPlan;
  /** Usage + every charged kind of line + plan, excl. VAT, and whether any of it is an estimate. */
  cost: MonthDkkCost;
}

/**
 * Each month's usage, plan and cost. `conversions` are the months' usage in the order of
 * `plans`, or null without usage.
 */
export function monthLedger(plans: MonthPlan[], conversions: MonthConversion[] | null): MonthLedger[] {
  return plans.map((plan, i) => {
    const conv = conversions ? conversions[i]! : null;
    return { month: plan.month, conv, plan, cost: monthDkkCost(plan, conv) };
  });
}
