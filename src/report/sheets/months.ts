import { Decimal } from '../../money/decimal.js';
import { fitColumns, type CellInput, type Column } from '../_columns.js';
import { kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { TOKEN_COLUMNS, tokenBuckets } from '../_tokens.js';
import { addSheet } from '../_workbook.js';
import { utcDate } from '../period.js';

/** Months: one row per month with USD, DKK, the rate and whether it is estimated, tokens by kind, requests. */
export async function writeMonthsSheet(ctx: CostContext): Promise<void> {
  const { w, data, conversions } = ctx;
  const columns: Column[] = [
    { header: w('columns.month'), kind: 'month' },
    { header: w('columns.usd'), kind: 'usd' },
    { header: w('columns.dkk'), kind: 'dkk' },
    { header: w('columns.rate'), kind: 'rate' },
    { header: w('columns.rateEstimated'), kind: 'text' },
    ...TOKEN_COLUMNS.map((k) => ({ header: w(`columns.${k}`), kind: 'int' as const })),
    { header: w('columns.note'), kind: 'text' },
  ];
  const rows: CellInput[][] = [];
  const looks: Look[][] = [];
  const notes: Array<Record<number, string> | undefined> = [];
  const sums: Array<number | undefined> = columns.map(() => undefined);
  let usd = new Decimal(0);
  let dkk: number | undefined;
  const tokenSums = TOKEN_COLUMNS.map(() => 0);
  data.months.forEach((entry, i) => {
    const c = conversions[i]!;
    const why = c.dkkMinor === null ? w('notes.noRate') : c.rate === null ? w('notes.noUsage') : c.estimated ? w('notes.estimatedRate') : '';
    const buckets = tokenBuckets(entry);
    buckets.forEach((b, j) => (tokenSums[j]! += b ?? 0));
    usd = usd.plus(c.usd);
    if (c.dkkMinor !== null) dkk = (dkk ?? 0) + c.dkkMinor;
    rows.push([
      utcDate(entry.month),
      c.usd.toNumber(),
      c.dkkMinor === null ? null : kroner(c.dkkMinor),
      c.rate?.toNumber(),
      c.dkkMinor === null ? '' : w(c.estimated ? 'yes' : 'no'),
      ...buckets,
      why,
    ]);
    looks.push(columns.map((_, j) => (c.estimated && (j === 2 || j === 3) ? 'estimated' : 'plain')));
    notes.push(c.estimated ? { 2: w('notes.estimatedRate') } : undefined);
  });
  sums[1] = usd.toNumber();
  sums[2] = dkk === undefined ? undefined : kroner(dkk);
  tokenSums.forEach((s, j) => (sums[5 + j] = s));
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.months, 1, 'Months'), ctx.styles, fitColumns(columns, [...rows, sums]));
  table.header();
  rows.forEach((r, i) => table.data(r, looks[i], notes[i]));
  table.totals(w('total'), sums);
  if (conversions.some((c) => c.dkkMinor === null)) table.line([w('notes.dkkTotalRatedOnly')], [], 'note');
  await table.finish();
}
