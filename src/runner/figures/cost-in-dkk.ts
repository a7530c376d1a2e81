import { convertMonth, monthDkk } from '../../report/index.js';
import { chargeOf, monthDkkCost } from '../../report/index.js';
import { monthPlans } from '../../report/index.js';
import type { CostReportData } from '../../report/index.js';
import type { ExchangeRates } from '../../money/index.js';
import { monthOf } from '../../report/period/index.js';
import { usageFindings } from '../../report/index.js';
import type { CostInDkk, MonthCost } from '../manifest/manifest.js';

// The month's year up to the month, as the monthly-usage record the workbook was built from has
// it. A month without usage is 0 DKK whether or not it has a rate.
function monthsOfYear(data: CostReportData, month: string): MonthCost[] {
  if (!data.monthly) return [];
  return data.monthly.months
    .map((m) => {
      // A DKK figure the month's USD contradicts is not known (report/cost-findings.ts).
      const dkk = monthDkk(m);
      return { month: monthOf(m.month), usage_dkk: dkk !== null ? dkk.toFixed() : m.usd_spend.isZero() ? '0' : null, rate_estimated: dkk !== null && m.rate_estimated };
    })
    .filter((m) => m.month.slice(0, 4) === month.slice(0, 4) && m.month <= month)
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/**
 * The month's cost excl. VAT in DKK as the fetched records state it, from the one model of a
 * month's cost the cost workbook's Months sheet reads (report/month-dkk-cost.ts `monthDkkCost`): usage
 * from monthly-usage's `dkk_spend` (null when the month has no rate); the plan from the month's
 * issued invoice (its `subscription` lines), or for the current month without one today's plan
 * from plan-cost; every other charged kind of line on the month's issued invoices (dev overage,
 * and any later kind) as a charge of its own; their sum only when every part is known. Exact
 * decimals, no rounding but the plan's and charges' own øre. Also the usage in DKK of each month
 * of the year so far (the front page's chart). When the service withholds usage, usage, total
 * and the months are not known (null, none) and `usage_withheld` says why. Usage figures the
 * records contradict (a dkk_spend no USD-to-DKK rate explains, a day or key listed twice, …) are
 * `findings`, and a contradicted month's DKK is not known.
 */
export function costInDkk(data: CostReportData, month: string, rates?: ExchangeRates): CostInDkk {
  const entry = data.months.find((m) => m.month.startsWith(`${month}-`)) ?? null;
  const conv = entry ? convertMonth(entry) : null;
  const plan = monthPlans(data, [month], rates)[0]!;
  const cost = monthDkkCost(plan, conv);
  const findings = usageFindings(data);
  return {
    usage_dkk: cost.usageDkk === null ? null : cost.usageDkk.toFixed(),
    usage_usd: entry ? entry.usd_spend.toFixed() : null,
    rate_estimated: conv ? conv.estimated : false,
    dev_overage_dkk_cents: chargeOf(cost, 'dev_overage'),
    charges: cost.charges.map((c) => ({ kind: c.kind, dkk_cents: c.dkkMinor })),
    plan_dkk_cents: cost.planMinor,
    plan_source: plan.source,
    plan_invoices: plan.issued.map((f) => f.invoice.invoice_number),
    total_dkk: cost.totalDkk === null ? null : cost.totalDkk.toFixed(),
    ...(data.usageWithheld ? { usage_withheld: { http_status: data.usageWithheld.status, reason: data.usageWithheld.reason } } : {}),
    ...(findings.length ? { findings } : {}),
    months: monthsOfYear(data, month),
  };
}
