import { Decimal } from '../../money/decimal.js';
import { formatMonth } from '../../locale/index.js';
import { fitColumns, rangeRef, type CellInput, type Column, type Formula } from '../_columns.js';
import { kroner, type CostContext } from '../_context.js';
import type { ColumnKind } from '../_styles.js';
import { TableWriter } from '../_table.js';
import { addSheet } from '../_workbook.js';
import { change, convertMonth } from '../dkk.js';
import { lastDayOfMonth, utcDate } from '../period.js';
import { issuedTotals } from './invoices.js';

interface Line {
  cells: CellInput[];
  kinds?: ColumnKind[];
  style?: 'note' | 'heading' | 'total' | 'estimated';
  notes?: Record<number, string>;
}

const dkkOf = (minor: number | undefined): number | undefined => (minor === undefined ? undefined : kroner(minor));

/**
 * Summary: organization, period, USD and DKK usage, plan cost, total cost in DKK, the rates
 * used, change from the previous month, what is estimated or missing, and a reconciliation
 * whose formulas add up the other sheets (each carrying its computed value).
 */
export async function writeSummarySheet(ctx: CostContext): Promise<void> {
  const { w, data, conversions, layout, locale } = ctx;
  const lines: Line[] = [];
  const push = (line: Line): number => lines.push(line);
  const month = (m: string) => formatMonth(m, locale);
  const first = data.months[0];
  const last = data.months.at(-1);

  push({ cells: [w('title', { organization: ctx.orgName })], style: 'heading' });
  push({ cells: [] });
  push({ cells: [w('summary.organization'), ctx.orgName] });
  push({ cells: [w('summary.orgId'), data.orgId] });
  push({ cells: [w('summary.periodStart'), first ? utcDate(first.month) : undefined], kinds: ['text', 'date'] });
  push({ cells: [w('summary.periodEnd'), last ? utcDate(lastDayOfMonth(last.month)) : undefined], kinds: ['text', 'date'] });
  push({ cells: [w('summary.dataUntil'), utcDate(data.keyUsage.end_date)], kinds: ['text', 'date'] });
  push({ cells: [] });

  const usd = conversions.reduce((a, c) => a.plus(c.usd), new Decimal(0));
  const rated = conversions.filter((c) => c.dkkMinor !== null);
  const usageMinor = rated.length ? rated.reduce((a, c) => a + c.dkkMinor!, 0) : undefined;
  const estimated = conversions.filter((c) => c.estimated);
  const missing = conversions.filter((c) => c.dkkMinor === null);
  push({ cells: [w('summary.usageUsd'), usd.toNumber()], kinds: ['text', 'usd'] });
  const monthsRange = rangeRef(layout.sheets.months, 3, 2, layout.monthsRows + 1);
  const dkkNote = missing.length ? w('notes.dkkTotalRatedOnly') : estimated.length ? w('notes.estimatedRate') : '';
  const usageRow = push({
    cells: [w('summary.usageDkk'), usageMinor === undefined ? undefined : { formula: `SUM(${monthsRange})`, result: kroner(usageMinor) }, dkkNote || (usageMinor === undefined ? w('notes.noRate') : '')],
    kinds: ['text', 'dkk', 'text'],
    style: estimated.length ? 'estimated' : undefined,
  });
  const plan = data.planCost;
  const planMinor = plan?.total_monthly_cents;
  push({ cells: [w('summary.planMonthly'), dkkOf(planMinor), plan ? '' : w('notes.planWithheld', { reason: data.planCostWithheld ?? '' })], kinds: ['text', 'dkk', 'text'] });
  const planRow = push({
    cells: [w('summary.planPeriod', { months: data.months.length }), planMinor === undefined ? undefined : { formula: `B${lines.length}*${data.months.length}`, result: kroner(planMinor * data.months.length) }, w('notes.planCurrent')],
    kinds: ['text', 'dkk', 'text'],
  });
  const total: Formula | undefined =
    usageMinor === undefined || planMinor === undefined ? undefined : { formula: `B${usageRow}+B${planRow}`, result: kroner(usageMinor + planMinor * data.months.length) };
  push({ cells: [w('summary.totalDkk'), total, total ? '' : w('notes.totalUnavailable')], kinds: ['text', 'dkk', 'text'], style: 'total' });
  for (const t of issuedTotals(ctx)) push({ cells: [w('summary.invoicedIssued', { currency: t.currency }), kroner(t.minor)], kinds: ['text', 'dkk'] });
  push({ cells: [] });

  push({ cells: [w('summary.ratesHeading')], style: 'heading' });
  for (const c of conversions) {
    const note = c.dkkMinor === null ? w('notes.noRate') : c.rate === null ? w('notes.noUsage') : c.estimated ? w('notes.estimatedRate') : '';
    push({ cells: [w('summary.rate', { month: month(c.month) }), c.rate?.toNumber(), note], kinds: ['text', 'rate', 'text'], style: c.estimated ? 'estimated' : undefined, ...(c.estimated ? { notes: { 1: w('notes.estimatedRate') } } : {}) });
  }
  push({ cells: [] });

  push({ cells: [w('summary.changeHeading')], style: 'heading' });
  const prev = data.previousMonth;
  if (prev && last) {
    const now = convertMonth(last);
    const before = convertMonth(prev);
    // A month still running (data ends before its last day) is projected to a full month first,
    // as the API's own change figures are: so far / days elapsed * days in the month.
    const monthEnd = lastDayOfMonth(last.month);
    const until = data.keyUsage.end_date;
    const running = until >= last.month && until < monthEnd;
    const scale = running ? new Decimal(Number(monthEnd.slice(8))).dividedBy(Number(until.slice(8))) : new Decimal(1);
    const basis = running
      ? w('notes.changeBasisProjected', { month: month(now.month), previous: month(before.month), days: Number(until.slice(8)), daysInMonth: Number(monthEnd.slice(8)) })
      : w('notes.changeBasis', { month: month(now.month), previous: month(before.month) });
    const pct = (a: Decimal, b: Decimal) => change(a.times(scale), b)?.toNumber();
    const dkkChange = now.dkkMinor === null || before.dkkMinor === null ? undefined : pct(new Decimal(now.dkkMinor), new Decimal(before.dkkMinor));
    push({ cells: [w('summary.changeUsd'), pct(now.usd, before.usd), basis], kinds: ['text', 'pct', 'text'] });
    push({ cells: [w('summary.changeDkk'), dkkChange, basis], kinds: ['text', 'pct', 'text'] });
    push({ cells: [w('summary.changeTokens'), pct(new Decimal(last.total_tokens), new Decimal(prev.total_tokens)), basis], kinds: ['text', 'pct', 'text'] });
    push({ cells: [w('summary.changeRequests'), pct(new Decimal(last.request_count), new Decimal(prev.request_count)), basis], kinds: ['text', 'pct', 'text'] });
  } else {
    push({ cells: [w('notes.noPrevious')], style: 'note' });
  }
  push({ cells: [] });

  const list = (cs: typeof conversions) => (cs.length ? cs.map((c) => month(c.month)).join(', ') : w('none'));
  push({ cells: [w('summary.estimated'), list(estimated), estimated.length ? w('notes.estimatedRate') : ''], style: estimated.length ? 'estimated' : undefined });
  push({ cells: [w('summary.withoutRate'), list(missing), missing.length ? w('notes.noRate') : ''] });
  push({ cells: [] });

  push({ cells: [w('summary.reconciliationHeading')], style: 'heading' });
  const keysMinor = ctx.keys.allocatedMinor;
  const daysMinor = ctx.daysMinor.reduce<number>((a, d) => a + (d ?? 0), 0);
  const monthsMinor = usageMinor ?? 0;
  const mRow = push({ cells: [w('summary.monthsDkk'), { formula: `SUM(${monthsRange})`, result: kroner(monthsMinor) }, w('notes.monthsDkk')], kinds: ['text', 'dkk', 'text'] });
  const keysRange = rangeRef(layout.sheets.keys, layout.keysDkkColumn, 2, layout.keysRows + 1);
  const kRow = push({ cells: [w('summary.keysDkk'), { formula: `SUM(${keysRange})`, result: kroner(keysMinor) }, w('notes.keysDkk')], kinds: ['text', 'dkk', 'text'] });
  push({ cells: [w('summary.keysDifference'), { formula: `ROUND(B${mRow}-B${kRow},2)`, result: kroner(monthsMinor - keysMinor) }], kinds: ['text', 'dkk'], style: 'total' });
  const daysRange = rangeRef(layout.sheets.days, 3, 2, layout.daysRows + 1);
  const dRow = push({ cells: [w('summary.daysDkk'), { formula: `SUM(${daysRange})`, result: kroner(daysMinor) }, w('notes.daysDkk')], kinds: ['text', 'dkk', 'text'] });
  push({ cells: [w('summary.daysDifference'), { formula: `ROUND(B${mRow}-B${dRow},2)`, result: kroner(monthsMinor - daysMinor) }], kinds: ['text', 'dkk'], style: 'total' });

  const columns: Column[] = [
    { header: '', kind: 'text' },
    { header: '', kind: 'dkk' },
    { header: '', kind: 'text' },
  ];
  const fitted = fitColumns(columns, lines.slice(2).map((l) => l.cells));
  const table = new TableWriter(addSheet(ctx.wb, layout.sheets.summary), ctx.styles, fitted);
  for (const l of lines) table.line(l.cells, l.kinds, l.style, l.notes);
  await table.finish();
}
