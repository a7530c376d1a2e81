import { Decimal } from '../../money/index.js';
import { convertMonth } from '../../report/index.js';
import type { InvoiceFigures } from '../../report/figures/index.js';
import { monthPlans } from '../../report/index.js';
import type { CostReportData } from '../../report/index.js';
import type { ExchangeRates } from '../../money/index.js';
import { monthOf } from '../../report/period/index.js';
import { monthDkkProblem, usageFindings } from '../../report/index.js';
import type { CostCharge, CostInDkk, MonthCost } from '../manifest/manifest.js';

// Every charged kind of line on the month's issued invoices (report/invoice-figures: dev overage
// today, and any later kind), each invoice's sum per kind in øre as the workbook converts it,
// summed over the invoices; null when an invoice's currency has no rate to DKK.
function chargesOf(issued: readonly InvoiceFigures[]): CostCharge[] {
  const sums = new Map<string, number | null>();
  for (const { charges } of issued) {
    for (const { kind, amount } of charges) {
      const sum = sums.has(kind) ? sums.get(kind)! : 0;
      sums.set(kind, sum === null || amount.dkkMinor === null ? null : sum + amount.dkkMinor);
    }
  }
  return [...sums].map(([kind, dkk_cents]) => ({ kind, dkk_cents }));
}

// The month's year up to the month, as the monthly-usage record the workbook was built from has
// it. A month without usage is 0 DKK whether or not it has a rate.
function monthsOfYear(data: CostReportData, month: string): MonthCost[] {
  if (!data.monthly) return [];
  return data.monthly.months
    .map((m) => {
      // A DKK figure the month's USD contradicts is not known (report/cost-findings.ts).
      const dkk = monthDkkProblem(m) === undefined ? m.dkk_spend ?? null : null;
      return { month: monthOf(m.month), usage_dkk: dkk !== null ? dkk.toFixed() : m.usd_spend.isZero() ? '0' : null, rate_estimated: dkk !== null && m.rate_estimated };
    })
    .filter((m) => m.month.slice(0, 4) === month.slice(0, 4) && m.month <= month)
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/**
 * The month's cost excl. VAT in DKK as the fetched records state it: usage from monthly-usage's
 * `dkk_spend` (null when the month has no rate); the plan from the month's issued invoice (its
 * `subscription` lines), or for the current month without one today's plan from plan-cost; every
 * other charged kind of line on the month's issued invoices (dev overage, and any later kind) as
 * a charge of its own; their sum only when every part is known. The same figures as the cost workbook's Months sheet. Exact decimals, no rounding
 * but the plan's and overage's own øre. Also the usage in DKK of each month of the year so far
 * (the front page's chart). When the service withholds usage, usage, total and the months are
 * not known (null, none) and `usage_withheld` says why. Usage figures the records contradict
 * (a dkk_spend no USD-to-DKK rate explains, a day or key listed twice, …) are `findings`, and a
 * contradicted month's DKK is not known.
 */
export function costInDkk(data: CostReportData, month: string, rates?: ExchangeRates): CostInDkk {
  const entry = data.months.find((m) => m.month.startsWith(`${month}-`)) ?? null;
  // A dkk_spend the month's usd_spend contradicts is no figure: not known, and a finding says why.
  const usageDkk = entry && monthDkkProblem(entry) === undefined ? entry.dkk_spend ?? null : null;
  const findings = usageFindings(data);
  const plan = monthPlans(data, [month], rates)[0]!;
  const planCents = plan.dkkMinor;
  const overageCents = plan.devOverageDkkMinor;
  const charges = chargesOf(plan.issued);
  const chargedCents = charges.every((c) => c.dkk_cents !== null) ? charges.reduce((a, c) => a + c.dkk_cents!, 0) : null;
  const total = usageDkk !== null && planCents !== null && chargedCents !== null ? usageDkk.plus(new Decimal(planCents + chargedCents).dividedBy(100)) : null;
  return {
    usage_dkk: usageDkk === null ? null : usageDkk.toFixed(),
    usage_usd: entry ? entry.usd_spend.toFixed() : null,
    rate_estimated: entry ? convertMonth(entry).estimated : false,
    dev_overage_dkk_cents: overageCents,
    charges,
    plan_dkk_cents: planCents,
    plan_source: plan.source,
    plan_invoices: plan.issued.map((f) => f.invoice.invoice_number),
    total_dkk: total === null ? null : total.toFixed(),
    ...(data.usageWithheld ? { usage_withheld: { http_status: data.usageWithheld.status, reason: data.usageWithheld.reason } } : {}),
    ...(findings.length ? { findings } : {}),
    months: monthsOfYear(data, month),
  };
}
