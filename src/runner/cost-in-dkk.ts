import { Decimal } from '../money/decimal.js';
import { convertMonth } from '../report/dkk.js';
import { invoiceDkk, type InvoiceFigures } from '../report/invoice-figures.js';
import { monthPlans } from '../report/period-plan.js';
import type { CostReportData } from '../report/types.js';
import { monthOf } from '../report/period.js';
import type { CostCharge, CostInDkk, MonthCost } from './manifest.js';

// Line kinds that are not a charge of their own here: usage comes from monthly-usage (the same
// figure the workbook reconciles), its provider split is not charged (spec §2, InvoiceLine), and
// subscription lines are the plan.
const NOT_A_CHARGE: ReadonlySet<string> = new Set(['usage', 'usage_provider', 'subscription']);

// Every other kind of line the month's issued invoices charge (dev overage today, and any kind a
// record brings later), summed per kind in øre, in the order the invoices first list them; null
// when a line's currency has no rate to DKK.
function chargesOf(issued: readonly InvoiceFigures[]): CostCharge[] {
  const sums = new Map<string, number | null>();
  for (const { invoice } of issued) {
    for (const line of invoice.lines) {
      if (NOT_A_CHARGE.has(line.kind)) continue;
      const dkk = invoiceDkk(line.line_total_cents, invoice);
      const sum = sums.has(line.kind) ? sums.get(line.kind)! : 0;
      sums.set(line.kind, sum === null || dkk === null ? null : sum + dkk);
    }
  }
  return [...sums].map(([kind, dkk_cents]) => ({ kind, dkk_cents }));
}

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
 * `dkk_spend` (null when the month has no rate); the plan from the month's issued invoice (its
 * `subscription` lines), or for the current month without one today's plan from plan-cost; every
 * other charged kind of line on the month's issued invoices (dev overage, and any later kind) as
 * a charge of its own; their sum only when every part is known. The same figures as the cost workbook's Months sheet. Exact decimals, no rounding
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
    months: monthsOfYear(data, month),
  };
}
