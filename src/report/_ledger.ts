import type { MonthConversion } from './dkk.js';
import type { MonthPlan } from './period-plan.js';

/** One month's cost excl. VAT in DKK: usage, dev overage and plan, and whether any of it is an estimate. */
export interface MonthLedger {
  /** `YYYY-MM`. */
  month: string;
  conv: MonthConversion;
  plan: MonthPlan;
  /** Usage + dev overage + plan in øre, excl. VAT; null when the usage's or the plan's DKK is not known. */
  costMinor: number | null;
  /** The cost holds an estimate: usage at an estimated rate, today's plan, or dev overage not yet invoiced. */
  estimated: boolean;
}

/** Each month's cost: usage (the month's DKK) + dev overage (from its invoice, when invoiced) + its own plan. */
export function monthLedger(conversions: MonthConversion[], plans: MonthPlan[]): MonthLedger[] {
  return conversions.map((conv, i) => {
    const plan = plans[i]!;
    const known = conv.dkkMinor !== null && plan.dkkMinor !== null;
    return {
      month: conv.month,
      conv,
      plan,
      costMinor: known ? conv.dkkMinor! + (plan.devOverageDkkMinor ?? 0) + plan.dkkMinor! : null,
      estimated: conv.estimated || plan.source === 'current',
    };
  });
}
