import type { Column } from '../_output/table.js';
import { count, usd } from '../_output/money.js';
import type { UsageRow } from './summary.js';

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

export function usageCells(label: string, row: UsageRow): string[] {
  return [label, count(row.requests), count(row.input), count(row.output), count(row.cacheRead), usd(row.spend)];
}
