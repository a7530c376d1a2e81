import { Decimal } from '../money/index.js';
import type { ChargeKind } from '../model/index.js';
import type { InvoiceFigures } from './figures/invoice-figures.js';
import type { MonthConversion } from './dkk.js';
import type { MonthPlan } from './period-plan.js';

/**
 * One kind of invoice line charged besides usage and the plan (model/invoice-categories.ts: the
 * dev overage today, and any later kind), summed over the month's issued invoices in øre, each
 * invoice's sum of the kind converted once (report/figures/invoice-figures.ts); null when an invoice
 * with lines of the kind has no rate to DKK.
 */
export interface MonthDkkCharge {
  kind: ChargeKind;
  dkkMinor: number | null;
}

/**
 * The one model of a month's cost excl. VAT in DKK: usage + every charged kind of line on the
 * month's issued invoices + the month's own plan. The cost workbook's Months sheet (and the
 * Summary and Reconciliation that read its columns), the manifest's `cost_in_dkk`
 * (runner/figures/cost-in-dkk.ts) and through it the run's figures, summary.md and index.html all read it;
 * none adds a month's parts up on its own.
 */
export interface MonthDkkCost {
  /** `YYYY-MM`. */
  month: string;
  /** The month's usage in DKK as monthly-usage states it (`dkk_spend`, exact); null without usage, without a rate, or contradicted. */
  usageDkk: Decimal | null;
  /** `usageDkk` rounded half up to the øre, as the Months sheet shows it; null when not known. */
  usageMinor: number | null;
  /** Every charged kind of line besides usage and the plan, in the order the invoices first have them. */
  charges: MonthDkkCharge[];
  /** The month's own plan in øre (period-plan.ts); null when not known or not convertible. */
  planMinor: number | null;
  /** Whether the month has issued invoices (its plan and charges are theirs); without, no kind is charged yet. */
  invoiced: boolean;
  /** Usage + charges + plan exactly; null unless every part is known. */
  totalDkk: Decimal | null;
  /** `totalDkk` to the øre (usage rounded once, the other parts are whole øre); null when not known. */
  costMinor: number | null;
  /** The cost holds an estimate: usage at an estimated rate, or today's plan (the current month without an invoice). */
  estimated: boolean;
}

/** Each charged kind's øre summed over the invoices that have it (in the order they first appear); null once one of them has no rate. */
function chargesOf(issued: readonly InvoiceFigures[]): MonthDkkCharge[] {
  const sums = new Map<ChargeKind, number | null>();
  for (const { charges } of issued) {
    for (const { kind, amount } of charges) {
      const sum = sums.has(kind) ? sums.get(kind)! : 0;
      sums.set(kind, sum === null || amount.dkkMinor === null ? null : sum + amount.dkkMinor);
    }
  }
  return [...sums].map(([kind, dkkMinor]) => ({ kind, dkkMinor }));
}

/**
 * The month's cost from its plan (period-plan.ts `monthPlans`, whose `issued` are the month's
 * issued invoices) and its usage (dkk.ts `convertMonth`; null when the service withholds usage).
 * Exact decimals, no rounding but the usage's one rounding to the øre for `costMinor`.
 */
export function monthDkkCost(plan: MonthPlan, conv: MonthConversion | null): MonthDkkCost {
  const charges = chargesOf(plan.issued);
  const chargedMinor = charges.every((c) => c.dkkMinor !== null) ? charges.reduce((a, c) => a + c.dkkMinor!, 0) : null;
  const usageDkk = conv?.dkk ?? null;
  const known = usageDkk !== null && conv!.dkkMinor !== null && plan.dkkMinor !== null && chargedMinor !== null;
  return {
    month: plan.month,
    usageDkk,
    usageMinor: conv?.dkkMinor ?? null,
    charges,
    planMinor: plan.dkkMinor,
    invoiced: plan.source === 'invoice',
    totalDkk: known ? usageDkk.plus(new Decimal(plan.dkkMinor! + chargedMinor).dividedBy(100)) : null,
    costMinor: known ? conv!.dkkMinor! + chargedMinor + plan.dkkMinor! : null,
    estimated: (conv?.estimated ?? false) || plan.source === 'current',
  };
}

/**
 * One charged kind's øre in the month, as a table with a column per kind shows it (the Months
 * sheet): the charge; 0 when the month has issued invoices and none has lines of the kind; null
 * when the month is not invoiced or the kind has no rate to DKK.
 */
export function chargeOf(cost: MonthDkkCost, kind: ChargeKind): number | null {
  const charge = cost.charges.find((c) => c.kind === kind);
  return charge ? charge.dkkMinor : cost.invoiced ? 0 : null;
}
