import { Decimal } from '../../money/index.js';
import type { ChargeKind } from '../../model/index.js';
import { fitSheetColumns, type CellInput, type Column } from '../_columns.js';
import { kroner, usageGap, type CostContext } from '../_context.js';
import type { MonthLedger } from '../_ledger.js';
import { chargeOf } from '../month-dkk-cost.js';
import { TableWriter, type Look } from '../_table.js';
import { TOKEN_COLUMNS, tokenBuckets } from '../_tokens.js';
import { addSheet } from '../_workbook.js';
import { utcDate } from '../period/period.js';
import { absoluteRange, columnLetter, type ChartSeries } from '../xlsx/index.js';
import { PLAN_COLUMNS } from './plan-cost.js';
import { planSourceText } from './_plan-source.js';

/** 1-based columns of the Months sheet that other sheets' formulas read. */
export const MONTH_COLUMNS = { month: 1, usd: 2, dkk: 3, devOverage: 6, plan: 7, cost: 8 } as const;
/** The column of each charged kind of line (month-dkk-cost.ts); a kind without one does not compile. */
const CHARGE_COLUMNS: Record<ChargeKind, number> = { dev_overage: MONTH_COLUMNS.devOverage };
/** The columns the cost column adds up, as the month's cost (month-dkk-cost.ts) does: usage, every charged kind, the plan. */
const COST_PARTS = [MONTH_COLUMNS.dkk, ...Object.values(CHARGE_COLUMNS), MONTH_COLUMNS.plan];

/** Colours of the cost chart's series, and of an estimated point (the estimated cells' own look). */
const COLORS = { usage: '4472C4', devOverage: 'ED7D31', plan: '70AD47', estimatedFill: 'FFF2CC', estimatedLine: '7F6000' };
/** Rows the chart covers below the table. */
const CHART_ROWS = 20;

/** The month's note: why DKK is missing or estimated, where its plan comes from. */
function noteOf(ctx: CostContext, m: MonthLedger): string {
  const { w } = ctx;
  const c = m.conv;
  const parts: string[] = [];
  if (!c) parts.push(`${w(`usageWithheld.reason.${usageGap(ctx.data)}`)}.`);
  else if (c.dkkMinor === null) parts.push(w('notes.noRate'));
  else if (c.rate === null) parts.push(w('notes.noUsage'));
  else if (c.estimated) parts.push(w('notes.estimatedRate'));
  parts.push(planSourceText(ctx, m));
  return parts.join(' ');
}

/**
 * Months: one row per month with USD, usage in DKK, the rate and whether it is estimated, the
 * dev overage invoiced, the month's own plan (a SUMIFS over the Plan sheet) and the cost excl.
 * VAT, tokens by kind and requests; below the table a native chart of the cost per month.
 * Without usage, its cells say "not shared" (never 0), there are no token columns, no cost and
 * no chart: the months' dev overage and plan stand alone.
 */
export async function writeMonthsSheet(ctx: CostContext): Promise<void> {
  const { w, data, ledger, layout } = ctx;
  const columns: Column[] = [
    { header: w('columns.month'), kind: 'month' },
    { header: w('columns.usd'), kind: 'usd' },
    { header: w('columns.usageDkk'), kind: 'dkk' },
    { header: w('columns.rate'), kind: 'rate' },
    { header: w('columns.rateEstimated'), kind: 'text' },
    { header: w('columns.devOverageDkk'), kind: 'dkk' },
    { header: w('columns.planDkk'), kind: 'dkk' },
    { header: w('columns.costDkk'), kind: 'dkk' },
    { header: w('columns.note'), kind: 'text' },
    ...(ctx.usage ? TOKEN_COLUMNS.map((k) => ({ header: w(`columns.${k}`), kind: 'int' as const })) : []),
  ];
  const notShared = w(`usageWithheld.value.${usageGap(data)}`);
  const planSheet = layout.sheets.planCost;
  const planRange = (col: number) => absoluteRange(planSheet, columnLetter(col), 2, columnLetter(col), layout.planRows + 1);
  const rows: CellInput[][] = [];
  const looks: Look[][] = [];
  const notes: Array<Record<number, string> | undefined> = [];
  let usd = new Decimal(0);
  const sum = { dkk: undefined as number | undefined, overage: undefined as number | undefined, plan: undefined as number | undefined, cost: undefined as number | undefined };
  const add = (k: keyof typeof sum, v: number | null) => {
    if (v !== null) sum[k] = (sum[k] ?? 0) + v;
  };
  const tokenSums = TOKEN_COLUMNS.map(() => 0);
  ledger.forEach((m, i) => {
    const c = m.conv;
    const r = i + 2;
    const p = m.plan;
    const buckets = c ? tokenBuckets(data.months[i]!) : [];
    buckets.forEach((b, j) => (tokenSums[j]! += b ?? 0));
    if (c) usd = usd.plus(c.usd);
    add('dkk', c ? c.dkkMinor : null);
    const overage = chargeOf(m.cost, 'dev_overage');
    add('overage', overage);
    add('plan', p.dkkMinor);
    add('cost', m.cost.costMinor);
    const plan: CellInput =
      p.dkkMinor === null ? null
      : layout.planRows === 0 ? kroner(p.dkkMinor)
      : { formula: `SUMIFS(${planRange(PLAN_COLUMNS.dkk)},${planRange(PLAN_COLUMNS.month)},A${r})`, result: kroner(p.dkkMinor) };
    rows.push([
      utcDate(`${m.month}-01`),
      c ? c.usd.toNumber() : notShared,
      !c ? notShared : c.dkkMinor === null ? null : kroner(c.dkkMinor),
      c?.rate?.toNumber(),
      !c || c.dkkMinor === null ? '' : w(c.estimated ? 'yes' : 'no'),
      overage === null ? null : kroner(overage),
      plan,
      m.cost.costMinor === null ? null : { formula: COST_PARTS.map((col) => `${columnLetter(col)}${r}`).join('+'), result: kroner(m.cost.costMinor) },
      noteOf(ctx, m),
      ...buckets,
    ]);
    const planEstimated = p.source === 'current';
    const rateEstimated = c?.estimated === true;
    looks.push(columns.map((_, j) => ((rateEstimated && (j === 2 || j === 3)) || (planEstimated && j === 6) || (m.cost.estimated && j === 7) ? 'estimated' : 'plain')));
    const cellNotes: Record<number, string> = {};
    if (rateEstimated) cellNotes[2] = w('notes.estimatedRate');
    if (p.source !== 'invoice') cellNotes[5] = w('notes.devOverageNotInvoiced');
    if (m.cost.estimated) cellNotes[7] = w('notes.costEstimated');
    notes.push(Object.keys(cellNotes).length ? cellNotes : undefined);
  });
  const sums: Array<number | undefined> = columns.map(() => undefined);
  sums[1] = ctx.usage ? usd.toNumber() : undefined;
  sums[2] = sum.dkk === undefined ? undefined : kroner(sum.dkk);
  sums[5] = sum.overage === undefined ? undefined : kroner(sum.overage);
  sums[6] = sum.plan === undefined ? undefined : kroner(sum.plan);
  sums[7] = sum.cost === undefined ? undefined : kroner(sum.cost);
  if (ctx.usage) tokenSums.forEach((s, j) => (sums[9 + j] = s));
  const sized = fitSheetColumns(columns, [...rows, sums]).map((c, j) => (j === 8 ? { ...c, width: Math.min(c.width!, 40) } : c));
  // No columns repeated on printed pages: LibreOffice would draw the chart again on every page.
  const table = new TableWriter(addSheet(ctx.wb, layout.sheets.months, ctx.page, 1, 'Months'), ctx.styles, sized);
  table.header({ 7: w('notes.costColumn') });
  rows.forEach((r, i) => table.data(r, looks[i], notes[i]));
  table.totals(w('total'), sums);
  if (ledger.some((m) => m.conv !== null && m.conv.dkkMinor === null)) table.line([w('notes.dkkTotalRatedOnly')], [], 'note');
  if (!ctx.usage) table.line([`${w(`usageWithheld.reason.${usageGap(data)}`)}. ${w('usageWithheld.totalCost')}`], [], 'note');
  else if (ledger.some((m) => m.cost.costMinor === null)) table.line([w('notes.costTotalKnownOnly')], [], 'note');
  // A chart of cost without its usage would draw a cost that is not there.
  if (ledger.length && ctx.usage) writeCostChart(ctx, table);
  await table.finish();
}

/** `okt. 2026`: a month as the Months sheet's date cells show it. */
function shortMonth(ctx: CostContext, month: string): string {
  return `${ctx.locale.format.monthsShort[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** Cost per month in DKK as stacked columns (usage, dev overage, plan); estimated parts pale yellow with a dashed outline. */
function writeCostChart(ctx: CostContext, table: TableWriter): void {
  const { w, ledger, layout } = ctx;
  const sheet = layout.sheets.months;
  const last = ledger.length + 1;
  const range = (col: number) => absoluteRange(sheet, columnLetter(col), 2, columnLetter(col), last);
  const header = (col: number, text: string) => ({ ref: absoluteRange(sheet, columnLetter(col), 1, columnLetter(col), 1), values: [text] });
  const marked = (pick: (m: MonthLedger) => boolean) =>
    ledger.flatMap((m, i) => (pick(m) ? [{ index: i, fill: COLORS.estimatedFill, line: COLORS.estimatedLine }] : []));
  const values = (pick: (m: MonthLedger) => number | null) => ledger.map((m) => {
    const v = pick(m);
    return v === null ? null : kroner(v);
  });
  const series: ChartSeries[] = [
    { name: header(MONTH_COLUMNS.dkk, w('columns.usageDkk')), values: { ref: range(MONTH_COLUMNS.dkk), values: values((m) => m.conv!.dkkMinor) }, color: COLORS.usage, marked: marked((m) => m.conv!.estimated) },
    { name: header(MONTH_COLUMNS.devOverage, w('columns.devOverageDkk')), values: { ref: range(MONTH_COLUMNS.devOverage), values: values((m) => chargeOf(m.cost, 'dev_overage')) }, color: COLORS.devOverage },
    { name: header(MONTH_COLUMNS.plan, w('columns.planDkk')), values: { ref: range(MONTH_COLUMNS.plan), values: values((m) => m.plan.dkkMinor) }, color: COLORS.plan, marked: marked((m) => m.plan.source === 'current') },
  ];
  const row = table.row; // 1-based row below the table and its notes
  table.sheet.chart({
    title: w(ledger.some((m) => m.cost.estimated) ? 'charts.costPerMonthEstimated' : 'charts.costPerMonth'),
    direction: 'col',
    stacked: true,
    // The month cells are dates; the chart reads them as the labels they show.
    categories: { ref: range(MONTH_COLUMNS.month), values: ledger.map((m) => shortMonth(ctx, m.month)) },
    series,
    valueFormat: '#,##0',
    anchor: { col: 0, row, toCol: Math.min(8, table.columns.length), toRow: row + CHART_ROWS },
    lang: ctx.locale.code,
  });
}
