import type { MonthConversion } from './dkk.js';
import type { MonthPlan } from './period-plan.js';

/** One month's cost excl. VAT in DKK: usage, dev overage and plan, and whether any of it is an estimate. */
export interface MonthLedger {
  /** `YYYY-MM`. */
  month: string;
  /** The month's usage and its DKK; null when the service withholds usage. */
  conv: MonthConversion | null;
  plan: MonthPlan;
  /** Usage + dev overage + plan in øre, excl. VAT; null when the usage, its DKK or the plan's DKK is not known. */
  costMinor: number | null;
  /** The cost holds an estimate: usage at an estimated rate, today's plan, or dev overage not yet invoiced. */
  estimated: boolean;
}

/**
 * Each month's cost: usage (the month's DKK) + dev overage (from its invoice, when invoiced) + its
 * own plan. `conversions` are the months' usage in the order of `plans`, or null without usage.
 */
export function monthLedger(plans: MonthPlan[], conversions: MonthConversion[] | null): MonthLedger[] {
  return plans.map((plan, i) => {
    const conv = conversions ? conversions[i]! : null;
    const known = conv !== null && conv.dkkMinor !== null && plan.dkkMinor !== null;
    return {
      month: plan.month,
      conv,
      plan,
      costMinor: known ? conv.dkkMinor! + (plan.devOverageDkkMinor ?? 0) + plan.dkkMinor! : null,
      estimated: (conv?.estimated ?? false) || plan.source === 'current',
    };
  });
}
