import { formatMinor } from '../../money/format.js';
import { fitColumns, type CellInput, type Column } from '../_columns.js';
import { kroner, type CostContext } from '../_context.js';
import { TableWriter } from '../_table.js';
import { addSheet } from '../_workbook.js';
import { utcDate } from '../period.js';

/** Plan cost: each priced line in DKK, the monthly total, and the products still missing a price. */
export async function writePlanCostSheet(ctx: CostContext): Promise<void> {
  const { w } = ctx;
  const plan = ctx.data.planCost;
  const name = (group: string, v: string) => w(`${group}.${v}`);
  const columns: Column[] = [
    { header: w('columns.service'), kind: 'text' },
    { header: w('columns.type'), kind: 'text' },
    { header: w('columns.plan'), kind: 'text' },
    { header: w('columns.perUser'), kind: 'text' },
    { header: w('columns.unitPrice'), kind: 'dkk' },
    { header: w('columns.quantity'), kind: 'int' },
    { header: w('columns.lineTotal'), kind: 'dkk' },
    { header: w('columns.firstDay'), kind: 'date' },
    { header: w('columns.lastDay'), kind: 'date' },
    { header: w('columns.customPrice'), kind: 'text' },
  ];
  const rows: CellInput[][] = (plan?.lines ?? []).map((l) => [
    name('pricingService', l.service),
    name('pricingType', l.type),
    l.plan ?? l.core_plan ?? '',
    w(l.is_per_user ? 'yes' : 'no'),
    kroner(l.unit_price_cents),
    l.quantity,
    kroner(l.line_total_cents),
    l.period ? utcDate(l.period.first_day) : undefined,
    l.period ? utcDate(l.period.last_day) : undefined,
    l.custom_price === undefined ? '' : w(l.custom_price ? 'yes' : 'no'),
  ]);
  const missing = (plan?.missing ?? []).map((m) => [name('pricingService', m.service), name('pricingType', m.type), m.plan ?? '']);
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.planCost, 1, 'PlanCost'), ctx.styles, fitColumns(columns, [...rows, ...missing, [w('summary.seats')], [undefined, undefined, undefined, undefined, undefined, undefined, kroner(plan?.total_monthly_cents ?? 0)]]));
  table.header();
  rows.forEach((r) => table.data(r));
  const linesMinor = (plan?.lines ?? []).reduce((a, l) => a + l.line_total_cents, 0);
  table.totals(w('columns.monthlyTotal'), columns.map((_, j) => (j === 6 && plan ? kroner(linesMinor) : undefined)));
  table.skip();
  if (!plan) {
    table.line([w('notes.planWithheld', { reason: ctx.data.planCostWithheld ?? '' })], [], 'note');
  } else {
    if (plan.currency !== 'DKK') table.line([w('notes.planCurrency', { currency: plan.currency })], [], 'note');
    if (linesMinor !== plan.total_monthly_cents) {
      table.line([w('notes.planTotalDiffers', { total: formatMinor(plan.total_monthly_cents, ctx.locale.format.number) })], [], 'note');
    }
    table.line([w('summary.seats'), plan.seats], ['text', 'int']);
    table.skip();
    table.line([w('notes.missingHeading')], [], 'heading');
    if (missing.length === 0) table.line([w('none')], [], 'note');
    else {
      table.line([w('columns.service'), w('columns.type'), w('columns.plan')], [], 'total');
      missing.forEach((m) => table.line(m));
    }
  }
  await table.finish();
}
