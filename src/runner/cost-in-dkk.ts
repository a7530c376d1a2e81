import { Decimal } from 'decimal.js';
import type { CostReportData } from '../report/types.js';
import { monthOf } from '../report/period.js';
import type { CostInDkk, MonthCost } from './manifest.js';

// The month's year up to the month, as the monthly-usage record the workbook was built from has
// it. A month without usage is 0 DKK whether or not it has a rate.
function monthsOfYear(data: CostReportData, month: string): MonthCost[] {
  return data.monthly.months
    .map((m) => ({
      month: monthOf(m.month),
      usage_dkk: m.dkk_spend != null ? m.dkk_spend.toFixed() : m.usd_spend.isZero() ? '0' : null,
      rate_estimated: m.dkk_spend != null && m.rate_estimated,
    }))
    .filter((m) => m.month.slice(0, 4) === month.slice(0, 4) && m.month <= month)
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/**
 * The month's cost in DKK as the fetched records state it: usage from monthly-usage's
 * `dkk_spend` (null when the month has no rate), plan cost from plan-cost in øre (null when
 * withheld), and their sum only when both are known; and the usage in DKK of each month of the
 * year so far (the front page's chart). Exact decimals, no rounding.
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
    months: monthsOfYear(data, month),
  };
}
