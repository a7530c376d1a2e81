import { Decimal } from '../money/decimal.js';
import type { CostReportData } from '../report/types.js';
import type { CostInDkk } from './manifest.js';

/**
 * The month's cost in DKK as the fetched records state it: usage from monthly-usage's
 * `dkk_spend` (null when the month has no rate), plan cost from plan-cost in øre (null when
 * withheld), and their sum only when both are known. Exact decimals, no rounding.
 */
export function costInDkk(data: CostReportData, month: string): CostInDkk {
  const entry = data.months.find((m) => m.month.startsWith(`${month}-`)) ?? null;
  const usageDkk = entry?.dkk_spend ?? null;
  const planCents = data.planCost && data.planCost.currency === 'DKK' ? data.planCost.total_monthly_cents : null;
  const total = usageDkk !== null && planCents !== null ? usageDkk.plus(new Decimal(planCents).dividedBy(100)) : null;
  return {
    usage_dkk: usageDkk === null ? null : usageDkk.toFixed(),
    usage_usd: entry ? entry.usd_spend.toFixed() : null,
    rate_estimated: entry?.rate_estimated === true && usageDkk !== null,
    plan_dkk_cents: planCents,
    total_dkk: total === null ? null : total.toFixed(),
  };
}
