import type { Column } from '../_output/table.js';
import { countText, usd } from '../_output/money.js';
import { roundToSum } from '../../money/index.js';
import { inputNotFromCache, type UsageRow } from './_summary.js';

const r = 'right' as const;

/** The spec's usage columns; the first is MODEL, or NAME for `--all`. */
export function usageColumns(first: string): Column[] {
  return [
    { header: first, flex: true, min: 12 },
    { header: 'REQUESTS', align: r, drop: 4 },
    { header: 'INPUT', align: r, drop: 2 },
    { header: 'OUTPUT', align: r, drop: 3 },
    { header: 'CACHE READ', align: r, drop: 1 },
    { header: 'COST $', align: r },
  ];
}

function cells(label: string, row: UsageRow, cost: string): string[] {
  return [label, countText(row.requests), countText(inputNotFromCache(row)), countText(row.output), countText(row.cacheRead), cost];
}

/** A row of the table: usage (counted in the TOTAL unless `counted` is false) or ready cells after the label. */
export type UsageTableEntry = { label: string; row: UsageRow; counted?: boolean } | { label: string; cells: string[] };

/**
 * The table's rows and its TOTAL row (after a rule). Costs are rounded to cents so the counted
 * rows add up to the shown TOTAL (largest remainder); `--json` has the exact figures. The
 * counted rows must add up to `total` exactly (the TOTAL's cost is rounded from their sum).
 */
export function usageTableRows(entries: UsageTableEntry[], total: UsageRow): Array<string[] | null> {
  const counted = entries.filter((e): e is { label: string; row: UsageRow } => 'row' in e && e.counted !== false);
  const { parts, total: shownTotal } = roundToSum(counted.map((e) => e.row.spend));
  const shown = new Map<UsageTableEntry, string>(counted.map((e, i) => [e, usd(parts[i]!)]));
  const body = entries.map((e) => ('row' in e ? cells(e.label, e.row, shown.get(e) ?? usd(e.row.spend)) : [e.label, ...e.cells]));
  return [...body, null, cells(total.label, total, usd(shownTotal))];
}
