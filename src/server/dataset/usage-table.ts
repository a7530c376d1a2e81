/**
 * One organization's raw usage in columns: one row per (UTC day, key, model) with activity,
 * sorted by day. Tokens and micro-dollar spend are integers held in Float64Array (exact below 2^53).
 */
export interface UsageTable {
  readonly length: number;
  /** Day number (days since 1970-01-01, UTC). */
  readonly day: Int32Array;
  /** Index into the organization's `keys`. */
  readonly key: Int32Array;
  /** Index into the dataset's `models`; -1 when usage was recorded without a model. */
  readonly model: Int32Array;
  readonly prompt: Float64Array;
  readonly completion: Float64Array;
  readonly cacheRead: Float64Array;
  readonly cacheCreation: Float64Array;
  readonly requests: Float64Array;
  readonly spendMicro: Float64Array;
}

/** First row index whose day is >= `day` (rows are sorted by day). */
export function lowerBound(table: UsageTable, day: number): number {
  let lo = 0, hi = table.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table.day[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Row range [from, to) covering days first..last inclusive. */
export function rowRange(table: UsageTable, first: number, last: number): [number, number] {
  return [lowerBound(table, first), lowerBound(table, last + 1)];
}
