import type { KeyFieldGroupUsage, KeyFieldUsage } from '../../model/index.js';
import type { CellInput, Column } from '../_columns.js';
import { fieldGroupKey, kroner, type CostContext } from '../_context.js';
import { writeSimpleTable } from '../_simple-table.js';
import type { TableWriter } from '../_table.js';
import { absoluteRange, columnLetter } from '../xlsx/index.js';
import type { KeyUsageInput } from '../types.js';

/** Groups of the first key field drawn in the chart, at most. */
const CHART_GROUPS = 20;
/** Rows the chart covers below the table. */
const CHART_ROWS = 20;
const COLUMN = { value: 2, usd: 4, dkk: 5 } as const;

/** A group's label: a boolean as the workbook's Yes/No, an option's label, a text as it is, no value as "(no value)". */
function labelOf(ctx: CostContext, g: KeyFieldGroupUsage): string {
  if (g.value === null || g.value === undefined) return ctx.w('noValue');
  if (typeof g.value === 'boolean') return ctx.w(g.value ? 'yes' : 'no');
  return g.label ?? g.value;
}

/**
 * Key fields: usage grouped by each key field's values (the API's by_field groups), with key
 * counts, USD and the DKK of the keys holding each value (summed from the Keys sheet's DKK), and
 * a native bar chart of the cost per group of the first field.
 */
export async function writeKeyFieldsSheet(ctx: CostContext, usage: KeyUsageInput): Promise<void> {
  const { w } = ctx;
  const byField = usage.totals.by_field ?? [];
  const anyDkk = ctx.keys.keysWithDkk > 0;
  const columns: Column[] = [
    { header: w('columns.field'), kind: 'text' },
    { header: w('columns.value'), kind: 'text' },
    { header: w('columns.keyCount'), kind: 'int' },
    { header: w('columns.usd'), kind: 'usd' },
    { header: w('columns.dkk'), kind: 'dkk' },
    { header: w('columns.totalTokens'), kind: 'int' },
    { header: w('columns.requests'), kind: 'int' },
    { header: w('columns.hostedTokens'), kind: 'int' },
    { header: w('columns.externalTokens'), kind: 'int' },
  ];
  const dkkOf = (f: KeyFieldUsage, g: KeyFieldGroupUsage) => (anyDkk ? kroner(ctx.fieldGroups.get(f.key)?.get(fieldGroupKey(g.value)) ?? 0) : undefined);
  const rows: CellInput[][] = byField.flatMap((f) =>
    f.groups.map((g) => [f.display_name, labelOf(ctx, g), g.key_count, g.spend_usd.toNumber(), dkkOf(f, g), g.total_tokens, g.request_count, g.service.total_tokens, g.external.total_tokens]),
  );
  const first = byField[0];
  await writeSimpleTable(ctx.wb, ctx.styles, {
    name: ctx.layout.sheets.keyFields,
    tableName: 'KeyFields',
    print: ctx.page,
    columns,
    rows,
    notes: byField.length ? [w('notes.keyFieldsGroups'), w('notes.keyFieldsDkk')] : [w('notes.noKeyFields')],
    below: first && first.groups.length ? (table) => groupChart(ctx, table, first, rows, anyDkk) : undefined,
  });
}

/** Cost per group of the first key field as horizontal bars (DKK, or USD when no month has a rate). */
function groupChart(ctx: CostContext, table: TableWriter, field: KeyFieldUsage, rows: CellInput[][], dkk: boolean): void {
  const sheet = ctx.layout.sheets.keyFields;
  const n = Math.min(CHART_GROUPS, field.groups.length);
  const col = dkk ? COLUMN.dkk : COLUMN.usd;
  const range = (c: number) => absoluteRange(sheet, columnLetter(c), 2, columnLetter(c), n + 1);
  const title = ctx.w(dkk ? 'charts.costPerGroup' : 'charts.costPerGroupUsd', { field: field.display_name.replace(/\s+/g, ' ').trim() });
  const row = table.row;
  table.sheet.chart({
    title: field.groups.length > n ? `${title} ${ctx.w('charts.firstGroups', { count: n, total: field.groups.length })}` : title,
    direction: 'bar',
    stacked: false,
    categories: { ref: range(COLUMN.value), values: rows.slice(0, n).map((r) => String(r[1])) },
    series: [{
      name: { ref: absoluteRange(sheet, columnLetter(col), 1, columnLetter(col), 1), values: [ctx.w(dkk ? 'columns.dkk' : 'columns.usd')] },
      values: { ref: range(col), values: rows.slice(0, n).map((r) => (typeof r[col - 1] === 'number' ? (r[col - 1] as number) : null)) },
      color: '4472C4',
    }],
    valueFormat: '#,##0',
    anchor: { col: 0, row, toCol: 7, toRow: row + Math.max(CHART_ROWS, n + 6) },
    lang: ctx.locale.code,
  });
}
