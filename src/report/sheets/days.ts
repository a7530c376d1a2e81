import { Decimal } from '../../money/index.js';
import { fitSheetColumns, type CellInput, type Column } from '../_columns.js';
import { formatMinor } from '../../money/index.js';
import { kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { columnSum } from '../_simple-table.js';
import { addSheet } from '../_workbook.js';
import { utcDate } from '../period/period.js';

/** Days: one row per UTC day with USD, DKK (the month's DKK allocated by the days' USD), tokens and requests. */
export async function writeDaysSheet(ctx: CostContext): Promise<void> {
  const { w, data, conversions, daysMinor } = ctx;
  const columns: Column[] = [
    { header: w('columns.date'), kind: 'date' },
    { header: w('columns.usd'), kind: 'usd' },
    { header: w('columns.dkk'), kind: 'dkk' },
    { header: w('columns.inputTokens'), kind: 'int' },
    { header: w('columns.output'), kind: 'int' },
    { header: w('columns.totalTokens'), kind: 'int' },
    { header: w('columns.requests'), kind: 'int' },
  ];
  const rows: CellInput[][] = [];
  const looks: Look[] = [];
  let usd = new Decimal(0);
  let dkk: number | undefined;
  let tokens = 0;
  let requests = 0;
  let k = 0;
  // Loops, not callbacks made per workbook: V8 drops a closure's optimized code at each full
  // collection and compiles it again (bench/README.md, issue 42).
  for (let i = 0; i < data.months.length; i++) {
    const entry = data.months[i]!;
    const estimated = conversions[i]!.estimated;
    for (const day of entry.days ?? []) {
      const minor = daysMinor[k++] ?? null;
      usd = usd.plus(day.usd_spend);
      if (minor !== null) dkk = (dkk ?? 0) + minor;
      tokens += day.total_tokens;
      requests += day.request_count;
      rows.push([utcDate(day.date), day.usd_spend.toNumber(), minor === null ? null : kroner(minor), day.prompt_tokens, day.completion_tokens, day.total_tokens, day.request_count]);
      looks.push(estimated ? 'estimated' : 'plain');
    }
  }
  const sums = [undefined, usd.toNumber(), dkk === undefined ? undefined : kroner(dkk), columnSum(rows, 3), columnSum(rows, 4), tokens, requests];
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.days, ctx.page, 1, 'Days'), ctx.styles, fitSheetColumns(columns, rows, sums));
  table.header({ 2: w('notes.daysDkk') });
  for (let i = 0; i < rows.length; i++) table.data(rows[i]!, looks[i]);
  table.totals(w('total'), sums);
  if (ctx.daysUnallocatedMinor) table.line([w('notes.unallocated', { amount: formatMinor(ctx.daysUnallocatedMinor, ctx.locale.format.number) })], [], 'note');
  if (rows.length === 0) table.line([w('notes.noDays')], [], 'note');
  await table.finish();
}
