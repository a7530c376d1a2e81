import type { Invoice, OrgMonthlyUsage, OrgPlanCost, PlanCostLine } from '../model/index.js';
import type { ExchangeRates } from '../money/index.js';
import { splitDkk, toDkkMinor } from '../vat/index.js';
import { invoiceFigures, type InvoiceFigures } from './figures/invoice-figures.js';
import { lastDayOfMonth } from './period/period.js';
import type { CostReportData } from './types.js';
import { isCounted, standingOf } from './_counted-invoice.js';

/** Where a month's plan figures come from. */
export type PlanSource = 'invoice' | 'current' | 'none';

/** One line of a month's plan: an invoice's subscription line, or a line of today's plan (current month only). */
export interface PlanLine {
  /** `YYYY-MM`. */
  month: string;
  source: 'invoice' | 'current';
  /** The invoice the line is from. */
  invoiceNumber: string | null;
  /** The invoice line's text (as the API sent it); null for a line of today's plan. */
  description: string | null;
  /** The plan-cost line (service, type, plan, per user, agreed price); null for an invoice line. */
  planLine: PlanCostLine | null;
  quantity: number;
  unitMinor: number;
  totalMinor: number;
  currency: string;
  /** The line total in øre; null when no rate converts it. */
  dkkMinor: number | null;
  firstDay: string | null;
  lastDay: string | null;
}

/** Why a month's plan, or its DKK, is not known; `key` under `report.planReason`. */
export interface PlanReason {
  key: 'noInvoice' | 'noInvoiceNoUsage' | 'voidOnly' | 'heldBackOnly' | 'invoicesWithheld' | 'noRecords' | 'planWithheld' | 'noRate' | 'mixedCurrencies' | 'planCurrency';
  params: Record<string, string>;
}

/** A month's plan (subscription) as the workbook shows it. */
export interface MonthPlan {
  /** `YYYY-MM`. */
  month: string;
  source: PlanSource;
  /** The month's issued invoices (period starting in the month), oldest first. */
  issued: InvoiceFigures[];
  lines: PlanLine[];
  /** Currency of the lines; null when none or mixed. */
  currency: string | null;
  /** Sum of the lines in `currency`; null when not known. */
  totalMinor: number | null;
  /** Sum of the lines in øre; null when not known or not convertible. */
  dkkMinor: number | null;
  /** Lines of today's plan left out because their period lies outside the month. */
  droppedLines: number;
  reason: PlanReason | null;
}

/**
 * The month the service's data runs up to ("today" at the service), `YYYY-MM`, or null when
 * the response does not reach it: the last month listed, provided it lies in the latest of
 * `available_years` (which runs to the current year). A past year's December is then never
 * taken for the current month. Monthly usage lists months up to the current one.
 */
export function currentMonthOf(monthly: OrgMonthlyUsage | null): string | null {
  const last = monthly?.months.at(-1);
  if (!monthly || !last || monthly.available_years.length === 0) return null;
  const latestYear = Math.max(...monthly.available_years);
  return Number(last.month.slice(0, 4)) === latestYear ? last.month.slice(0, 7) : null;
}

const overlaps = (line: PlanCostLine, month: string) => !line.period || (line.period.last_day >= `${month}-01` && line.period.first_day <= lastDayOfMonth(`${month}-01`));

function sumDkk(values: Array<number | null>): number | null {
  let sum = 0;
  for (const v of values) {
    if (v === null) return null;
    sum += v;
  }
  return sum;
}

function fromInvoices(month: string, issued: InvoiceFigures[]): MonthPlan {
  const lines: PlanLine[] = issued.flatMap(({ invoice, subscriptionLines, conversion }) => {
    const own = invoice.lines.filter((l) => l.kind === 'subscription');
    // Each line's share of the invoice's plan in DKK (vat/dkk-conversion.ts splitDkk), so the lines
    // add up to the plan the journal posts; null without a rate.
    const dkk = subscriptionLines.dkkMinor === null ? null : splitDkk(subscriptionLines.dkkMinor, own.map((l) => l.line_total_cents), (m) => toDkkMinor(m, conversion, invoice.invoice_number) ?? 0);
    return own.map((l, k) => ({
      month, source: 'invoice' as const, invoiceNumber: invoice.invoice_number, description: l.description, planLine: null,
      quantity: l.quantity, unitMinor: l.unit_price_cents, totalMinor: l.line_total_cents, currency: invoice.currency,
      dkkMinor: dkk ? dkk[k]! : null, firstDay: invoice.period_start, lastDay: invoice.period_end,
    }));
  });
  const currencies = [...new Set(issued.map((f) => f.invoice.currency))];
  const currency = currencies.length === 1 ? currencies[0]! : null;
  const dkkMinor = sumDkk(lines.map((l) => l.dkkMinor));
  const noRate = issued.find((f) => f.dkkBasis === null);
  const reason: PlanReason | null =
    currency === null ? { key: 'mixedCurrencies', params: { currencies: currencies.join(', ') } }
    : noRate ? { key: 'noRate', params: { number: noRate.invoice.invoice_number, currency: noRate.invoice.currency } }
    : null;
  return {
    month, source: 'invoice', issued, lines, currency,
    totalMinor: currency === null ? null : lines.reduce((a, l) => a + l.totalMinor, 0),
    dkkMinor,
    droppedLines: 0,
    reason,
  };
}

function fromToday(month: string, plan: OrgPlanCost): MonthPlan {
  const kept = plan.lines.filter((l) => overlaps(l, month));
  const dkk = plan.currency === 'DKK';
  const lines: PlanLine[] = kept.map((l) => ({
    month, source: 'current', invoiceNumber: null, description: null, planLine: l,
    quantity: l.quantity, unitMinor: l.unit_price_cents, totalMinor: l.line_total_cents, currency: plan.currency,
    dkkMinor: dkk ? l.line_total_cents : null, firstDay: l.period?.first_day ?? null, lastDay: l.period?.last_day ?? null,
  }));
  const totalMinor = lines.reduce((a, l) => a + l.totalMinor, 0);
  return {
    month, source: 'current', issued: [], lines, currency: plan.currency, totalMinor,
    dkkMinor: dkk ? totalMinor : null,
    droppedLines: plan.lines.length - kept.length,
    reason: dkk ? null : { key: 'planCurrency', params: { currency: plan.currency } },
  };
}

/**
 * Each month's own plan. A month with an issued invoice (not void, not held back: `isCounted`) takes that invoice's
 * subscription lines; only the current month, without one, takes today's plan from plan-cost,
 * leaving out part-month lines whose period lies outside it. Any other month's plan is not
 * guessed: it is unknown, with the reason (no invoice, only a void or held-back one, invoices withheld).
 * Without usage the current month is not known, so no month takes today's plan. An invoice not in
 * DKK is in DKK at its own rate or at `rates` (a rates file the user gave).
 */
export function monthPlans(data: CostReportData, months: string[], rates?: ExchangeRates): MonthPlan[] {
  const current = currentMonthOf(data.monthly);
  const records = data.invoiceRecords ?? null;
  return months.map((month): MonthPlan => {
    const ofMonth = (records ?? []).filter((i) => i.period_start.slice(0, 7) === month).sort(byIssue);
    const issued = ofMonth.filter((i) => isCounted(i, data)).map((i) => invoiceFigures(i, rates));
    if (issued.length) return fromInvoices(month, issued);
    if (month === current && data.planCost) return fromToday(month, data.planCost);
    const none = (reason: PlanReason): MonthPlan => ({ month, source: 'none', issued: [], lines: [], currency: null, totalMinor: null, dkkMinor: null, droppedLines: 0, reason });
    if (month === current) return none({ key: 'planWithheld', params: { reason: data.planCostWithheld ?? '' } });
    if (!data.invoices) return none({ key: 'invoicesWithheld', params: { reason: data.invoicesWithheld ?? '' } });
    const listed = data.invoices.filter((i) => i.period_start.slice(0, 7) === month);
    if (listed.length && !records) return none({ key: 'noRecords', params: {} });
    if (ofMonth.length) return none({ key: ofMonth.some((i) => standingOf(i, data) === 'held_back') ? 'heldBackOnly' : 'voidOnly', params: { numbers: ofMonth.map((i) => i.invoice_number).join(', ') } });
    return none({ key: data.monthly ? 'noInvoice' : 'noInvoiceNoUsage', params: {} });
  });
}

function byIssue(a: Invoice, b: Invoice): number {
  return a.issued_at.localeCompare(b.issued_at) || a.invoice_number.localeCompare(b.invoice_number);
}
