import { Decimal } from '../money/index.js';
import { usdDkkRateProblem } from '../money/index.js';
import type { Invoice, MonthlyUsageEntry } from '../model/index.js';
import { monthOf } from './period/period.js';
import type { CostReportData } from './types.js';
import type { WeightSource } from './key-store.js';

/**
 * Usage figures the records contradict, found before any is shown: what the cost workbook notes
 * and the month end lists for a person (summary.md, index.html, the terminal), naming the record
 * and the field. What a record cannot be at all (a negative token count) is refused where it is
 * read (src/model); a finding is a record that can be read but whose figures disagree with each
 * other or cannot be true, so the figure it concerns is not shown as fact:
 * - `dkk_spend_implausible`: a month's `dkk_spend` against its `usd_spend` is no USD-to-DKK rate
 *   (outside 1-100 DKK per USD: negative, zero with USD spend, 0.000001, …), or is not zero
 *   where nothing was spent. The month's DKK is then not known, as without a rate.
 * - `day_repeated`, `day_outside_month`, `days_usd_sum`: a month's `days` list a day twice, a
 *   day of another month, or do not add up to the month's `usd_spend` (the spec: one entry per
 *   UTC day, adding up to the month). The days' DKK, split by their USD, would be wrong.
 * - `key_repeated`: key usage lists a key id twice. Each key's DKK is its share of the month's
 *   DKK by USD, so a repeated spend changes every key's share.
 * - `usd_dkk_rate_implausible` (the workbook's own list only): an invoice of the period whose
 *   `usd_dkk_rate` no USD-to-DKK rate can be; its DKK is not converted. The month end has this
 *   one from checkInvoice, with the invoice's other findings.
 */
export interface CostFinding {
  code: 'dkk_spend_implausible' | 'day_repeated' | 'day_outside_month' | 'days_usd_sum' | 'key_repeated' | 'usd_dkk_rate_implausible';
  /** The record: `monthly-usage`, `key-usage 2026-10` (the month whose key usage it is), `invoice 2026-0142`. */
  record: string;
  /** The field, as the record has it: `months[9].dkk_spend`, `keys[41].id`. */
  path: string;
  /** One sentence naming the values. */
  message: string;
}

/**
 * Why a monthly-usage entry's `dkk_spend` cannot be its `usd_spend` in DKK, or undefined when it
 * can (or there is none). The one rule for a month's DKK: where it says something, the month's
 * DKK is not known.
 */
export function monthDkkProblem(entry: MonthlyUsageEntry): string | undefined {
  const dkk = entry.dkk_spend;
  if (dkk === null || dkk === undefined) return undefined;
  const usd = entry.usd_spend;
  if (usd.isZero()) return dkk.isZero() ? undefined : `dkk_spend ${dkk.toFixed()} where usd_spend is 0: nothing was spent to convert`;
  const rate = dkk.dividedBy(usd);
  const problem = usdDkkRateProblem(rate);
  return problem && `dkk_spend ${dkk.toFixed()} for usd_spend ${usd.toFixed()} is a rate of ${rate.toSignificantDigits(6).toFixed()}, which ${problem}`;
}

/** Findings of the entries of `months` whose month is in `period`; paths index `months`. */
function monthFindings(months: readonly MonthlyUsageEntry[], period: ReadonlySet<string>): CostFinding[] {
  const out: CostFinding[] = [];
  const add = (code: CostFinding['code'], path: string, message: string) => out.push({ code, record: 'monthly-usage', path, message });
  // Loops, not callbacks made per call: V8 drops a closure's optimized code at each full
  // collection and compiles it again (bench/README.md, issue 42).
  for (let i = 0; i < months.length; i++) {
    const m = months[i]!;
    const month = monthOf(m.month);
    if (!period.has(month)) continue;
    const dkk = monthDkkProblem(m);
    if (dkk) add('dkk_spend_implausible', `months[${i}].dkk_spend`, `${month}: ${dkk}; the month's DKK is not known`);
    if (!m.days?.length) continue;
    const seen = new Map<string, number>();
    let usd = new Decimal(0);
    for (let j = 0; j < m.days.length; j++) {
      const d = m.days[j]!;
      usd = usd.plus(d.usd_spend);
      if (d.date.slice(0, 7) !== month) add('day_outside_month', dayPath(i, j), `${month}: ${d.date} is not a day of ${month}`);
      const first = seen.get(d.date);
      if (first !== undefined) add('day_repeated', dayPath(i, j), `${month}: ${d.date} is listed again (first at days[${first}]); the days' DKK, split by their USD, is wrong by its spend`);
      else seen.set(d.date, j);
    }
    if (!usd.equals(m.usd_spend)) add('days_usd_sum', `months[${i}].days`, `${month}: the days' usd_spend add up to ${usd.toFixed()}, the month's usd_spend is ${m.usd_spend.toFixed()}`);
  }
  return out;
}

const dayPath = (month: number, day: number) => `months[${month}].days[${day}].date`;

function keyFindings(keys: WeightSource, month: string): CostFinding[] {
  const out: CostFinding[] = [];
  // A source that saw every id arrive knows there is no repeat: no reading of its rows.
  if (keys.idsDistinct === true) return out;
  const seen = new Map<string, number>();
  let i = 0;
  for (const { id } of keys.rows()) {
    const first = seen.get(id);
    if (first !== undefined) {
      out.push({ code: 'key_repeated', record: `key-usage ${month}`, path: `keys[${i}].id`, message: `key ${JSON.stringify(id)} is listed again (first at keys[${first}]); each key's DKK is its share of the month's DKK by USD, so every key's share is wrong by the repeated spend` });
    } else seen.set(id, i);
    i++;
  }
  return out;
}

/** The period's invoices whose rate converts nothing (what the workbook notes beside the usage findings). */
export function invoiceRateFindings(invoices: readonly Invoice[]): CostFinding[] {
  return invoices.flatMap((inv) => {
    const problem = inv.usd_dkk_rate ? usdDkkRateProblem(inv.usd_dkk_rate) : undefined;
    return problem ? [{ code: 'usd_dkk_rate_implausible' as const, record: `invoice ${inv.invoice_number}`, path: 'usd_dkk_rate', message: `usd_dkk_rate ${inv.usd_dkk_rate!.toFixed()} ${problem}; the invoice's DKK is not converted` }] : [];
  });
}

/**
 * The findings of a cost workbook's usage records (see CostFinding) about the workbook's months,
 * in record order; paths index the records as the API sent them. None when usage is withheld.
 */
export function usageFindings(data: CostReportData): CostFinding[] {
  if (!data.monthly) return [];
  const period = new Set(data.months.map((m) => monthOf(m.month)));
  return [
    ...monthFindings(data.monthly.months, period),
    ...data.keyUsageByMonth.flatMap((m) => keyFindings(m.keyUsage.keys, m.month)),
  ];
}

/** Everything a cost workbook's Summary lists for a person to check: the usage findings, then the period's invoices whose rate converts nothing. */
export function costReportFindings(data: CostReportData): CostFinding[] {
  return [...usageFindings(data), ...invoiceRateFindings(data.invoiceRecords ?? [])];
}
