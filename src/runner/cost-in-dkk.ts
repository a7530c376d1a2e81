import { Decimal } from '../money/decimal.js';
import { convertMonth } from '../report/dkk.js';
import { monthPlans } from '../report/period-plan.js';
import type { CostReportData } from '../report/types.js';
import { monthOf } from '../report/period.js';
import type { CostInDkk, MonthCost } from './manifest.js';

// The month's year up to the month, as the monthly-usage record the workbook was built from has
// it. A month without usage is 0 DKK whether or not it has a rate.
function monthsOfYear(data: CostReportData, month: string): MonthCost[] {
  if (!data.monthly) return [];
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
 * The month's cost excl. VAT in DKK as the fetched records state it: usage from monthly-usage's
 * `dkk_spend` (null when the month has no rate); dev overage and plan from the month's issued
 * invoice (its `dev_overage` and `subscription` lines), or for the current month without one
 * today's plan from plan-cost (no dev overage yet); their sum only when usage and plan are
 * both known. The same figures as the cost workbook's Months sheet. Exact decimals, no rounding
 * but the plan's and overage's own øre. Also the usage in DKK of each month of the year so far
 * (the front page's chart). When the service withholds usage, usage, total and the months are
 * not known (null, none) and `usage_withheld` says why.
 */
export function costInDkk(data: CostReportData, month: string): CostInDkk {
  const entry = data.months.find((m) => m.month.startsWith(`${month}-`)) ?? null;
  const usageDkk = entry?.dkk_spend ?? null;
  const plan = monthPlans(data, [month])[0]!;
  const planCents = plan.dkkMinor;
  const overageCents = plan.devOverageDkkMinor;
  const total = usageDkk !== null && planCents !== null ? usageDkk.plus(new Decimal(planCents + (overageCents ?? 0)).dividedBy(100)) : null;
  return {
    usage_dkk: usageDkk === null ? null : usageDkk.toFixed(),
    usage_usd: entry ? entry.usd_spend.toFixed() : null,
    rate_estimated: entry ? convertMonth(entry).estimated : false,
    dev_overage_dkk_cents: overageCents,
    plan_dkk_cents: planCents,
    plan_source: plan.source,
    plan_invoices: plan.issued.map((f) => f.invoice.invoice_number),
    total_dkk: total === null ? null : total.toFixed(),
    ...(data.usageWithheld ? { usage_withheld: { http_status: data.usageWithheld.status, reason: data.usageWithheld.reason } } : {}),
    months: monthsOfYear(data, month),
  };
}
