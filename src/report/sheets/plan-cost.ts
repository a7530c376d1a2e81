import { formatMonth } from '../../locale/index.js';
import { fitSheetColumns, type CellInput, type Column } from '../_columns.js';
import { kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { addSheet } from '../_workbook.js';
import { utcDate } from '../period/period.js';
import type { PlanCostLine } from '../../model/index.js';
import type { PlanLine } from '../period-plan.js';
import { planSourceText } from './_plan-source.js';

/** 1-based columns of the Plan sheet that other sheets' formulas read. */
export const PLAN_COLUMNS = { month: 1, lineTotal: 6, currency: 7, dkk: 8 } as const;

/**
 * Plan: each month's own plan lines. A month with an issued invoice shows that invoice's
 * subscription lines as it states them; the current month without one shows today's plan from
 * plan-cost (its products named, part-month lines outside the month left out); any other month
 * has no lines and a note saying why. Then, when the period reaches today, the seats ordered and
 * the products still missing a price today.
 */
export async function writePlanCostSheet(ctx: CostContext): Promise<void> {
  const { w, ledger } = ctx;
  const columns: Column[] = [
    { header: w('columns.month'), kind: 'month' },
    { header: w('columns.source'), kind: 'text' },
    { header: w('columns.product'), kind: 'text' },
    { header: w('columns.quantity'), kind: 'int' },
    { header: w('columns.unitPrice'), kind: 'dkk' },
    { header: w('columns.lineTotal'), kind: 'dkk' },
    { header: w('columns.currency'), kind: 'text' },
    { header: w('columns.dkk'), kind: 'dkk' },
    { header: w('columns.firstDay'), kind: 'date' },
    { header: w('columns.lastDay'), kind: 'date' },
  ];
  const name = (group: string, v: string) => w(`${group}.${v}`);
  /** A line of today's plan named as an invoice would: product, plan, per seat, agreed price. */
  const product = (p: PlanCostLine) => {
    const plan = p.core_plan ?? p.plan ?? null;
    const extras = [plan ? w(`plans.${plan}`) : '', p.is_per_user ? w('planLine.perUser') : '', p.custom_price ? w('planLine.customPrice') : ''].filter(Boolean);
    return `${name('pricingService', p.service)}, ${name('pricingType', p.type)}${extras.length ? ` (${extras.join(', ')})` : ''}`;
  };
  const rowOf = (l: PlanLine): CellInput[] => {
    const p = l.planLine;
    return [
      utcDate(`${l.month}-01`),
      l.source === 'invoice' ? w('planSource.invoiceShort', { number: l.invoiceNumber }) : w('planSource.currentShort'),
      l.description ?? product(p!),
      l.quantity,
      kroner(l.unitMinor),
      kroner(l.totalMinor),
      l.currency,
      l.dkkMinor === null ? null : kroner(l.dkkMinor),
      l.firstDay ? utcDate(l.firstDay) : undefined,
      l.lastDay ? utcDate(l.lastDay) : undefined,
    ];
  };
  const lines = ledger.flatMap((m) => m.plan.lines);
  const rows = lines.map(rowOf);
  const looks: Look[] = lines.map((l) => (l.source === 'current' ? 'estimated' : 'plain'));
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.planCost, ctx.page, 1, 'PlanCost'), ctx.styles, fitSheetColumns(columns, rows).map((c, j) => (j === 2 ? { ...c, width: Math.min(c.width!, 36) } : c)));
  table.header({ 1: w('notes.planSources') });
  rows.forEach((r, i) => table.data(r, looks[i]));
  const oneCurrency = new Set(lines.map((l) => l.currency)).size === 1;
  table.totals(
    w('total'),
    columns.map((_, j) =>
      j === PLAN_COLUMNS.lineTotal - 1 && oneCurrency ? kroner(lines.reduce((a, l) => a + l.totalMinor, 0))
      : j === PLAN_COLUMNS.dkk - 1 && lines.some((l) => l.dkkMinor !== null) ? kroner(lines.reduce((a, l) => a + (l.dkkMinor ?? 0), 0))
      : undefined,
    ),
  );
  table.skip();
  for (const m of ledger) table.line([`${formatMonth(`${m.month}-01`, ctx.locale)}: ${planSourceText(ctx, m)}`], [], 'note');
  // A line of an invoice not in DKK is its share of the invoice's net in DKK (vat/dkk-conversion.ts splitDkk): said, so no øre is left unexplained.
  if (lines.some((l) => l.source === 'invoice' && l.currency !== 'DKK' && l.dkkMinor !== null)) table.line([w('notes.planConverted')], [], 'note');
  const today = ledger.find((m) => m.plan.source === 'current');
  const plan = ctx.data.planCost;
  if (today && plan) {
    table.skip();
    table.line([w('notes.todayHeading')], [], 'heading');
    table.line([w('summary.seats'), plan.seats], ['text', 'int']);
    table.line([w('notes.missingHeading')], [], 'total');
    if (plan.missing.length === 0) table.line([w('none')], [], 'note');
    for (const m of plan.missing) table.line([`${name('pricingService', m.service)}, ${name('pricingType', m.type)}${m.plan ? ` (${w(`plans.${m.plan}`)})` : ''}`]);
  }
  await table.finish();
}
