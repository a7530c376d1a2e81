import type { KeyUsagePeriod, MonthlyUsagePeriod } from './api.js';
import { InvalidRequestError } from './errors/invalid-request-error.js';

/** The spec's limit on one key-usage range (reporting-api.md §4 rule 4). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const KEY_USAGE_FIELDS = ['month', 'year', 'months', 'start_date', 'end_date'] as const;

/** A checked key-usage period: the query to send, or a day range the client may split. */
export type CheckedKeyUsagePeriod =
  | { kind: 'none'; query: Record<string, never> }
  | { kind: 'month'; query: { month: string } }
  | { kind: 'year'; query: { year: number } }
  | { kind: 'months'; query: { months: number } }
  | { kind: 'range'; query: { start_date: string; end_date: string } };

/** Days since the epoch of a `YYYY-MM-DD` that names a real calendar day; undefined otherwise. */
export function dayNumber(s: unknown): number | undefined {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return undefined;
  const ms = Date.parse(`${s}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== s) return undefined;
  return ms / DAY_MS;
}

export function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

function isInt32(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
}

/**
 * Checks a key-usage period against the spec's rules before any request: at most one style,
 * `month` as `YYYY-MM`, `year` an integer, `months` ≥ 0, both dates real days with start ≤ end.
 * @throws InvalidRequestError naming the field.
 */
export function checkKeyUsagePeriod(period: KeyUsagePeriod | undefined): CheckedKeyUsagePeriod {
  const p = (period ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(p)) {
    if (!(KEY_USAGE_FIELDS as readonly string[]).includes(k)) {
      throw new InvalidRequestError(k, `unknown period field; use one of month, year, months, or start_date with end_date`);
    }
  }
  const given = KEY_USAGE_FIELDS.filter((k) => p[k] !== undefined);
  const styles = new Set(given.map((k) => (k === 'end_date' ? 'start_date' : k)));
  if (styles.size > 1) {
    throw new InvalidRequestError(given.join(', '), 'give at most one period style: month, year, months, or start_date with end_date');
  }
  if (p.month !== undefined) {
    if (typeof p.month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(p.month)) {
      throw new InvalidRequestError('month', `must be YYYY-MM (got ${JSON.stringify(p.month)})`);
    }
    return { kind: 'month', query: { month: p.month } };
  }
  if (p.year !== undefined) {
    if (!isInt32(p.year) || p.year < 1) throw new InvalidRequestError('year', `must be a calendar year (got ${JSON.stringify(p.year)})`);
    return { kind: 'year', query: { year: p.year } };
  }
  if (p.months !== undefined) {
    if (!isInt32(p.months) || p.months < 0) {
      throw new InvalidRequestError('months', `must be a whole number ≥ 0 (got ${JSON.stringify(p.months)})`);
    }
    return { kind: 'months', query: { months: p.months } };
  }
  if (p.start_date !== undefined || p.end_date !== undefined) {
    if (p.end_date === undefined) throw new InvalidRequestError('start_date', 'requires end_date');
    if (p.start_date === undefined) throw new InvalidRequestError('end_date', 'requires start_date');
    const start = dayNumber(p.start_date);
    const end = dayNumber(p.end_date);
    if (start === undefined) throw new InvalidRequestError('start_date', `must be a real day as YYYY-MM-DD (got ${JSON.stringify(p.start_date)})`);
    if (end === undefined) throw new InvalidRequestError('end_date', `must be a real day as YYYY-MM-DD (got ${JSON.stringify(p.end_date)})`);
    if (start > end) throw new InvalidRequestError('start_date', `${String(p.start_date)} is after end_date ${String(p.end_date)}`);
    return { kind: 'range', query: { start_date: p.start_date as string, end_date: p.end_date as string } };
  }
  return { kind: 'none', query: {} };
}

/** Splits an inclusive day range into successive ranges of at most `maxDays` days, oldest first. */
export function splitRange(start: string, end: string, maxDays = MAX_RANGE_DAYS): Array<{ start_date: string; end_date: string }> {
  const a = dayNumber(start);
  const b = dayNumber(end);
  if (a === undefined || b === undefined || a > b) throw new InvalidRequestError('start_date', `bad range ${start} – ${end}`);
  const out: Array<{ start_date: string; end_date: string }> = [];
  for (let s = a; s <= b; s += maxDays) out.push({ start_date: dayString(s), end_date: dayString(Math.min(b, s + maxDays - 1)) });
  return out;
}

/** Checks a monthly-usage window: `months` 0..60 or a `year`, never both. */
export function checkMonthlyUsagePeriod(period: MonthlyUsagePeriod | undefined): { months?: number; year?: number } {
  const p = (period ?? {}) as { months?: unknown; year?: unknown };
  for (const k of Object.keys(p)) {
    if (k !== 'months' && k !== 'year') throw new InvalidRequestError(k, 'unknown field; use months or year');
  }
  if (p.months !== undefined && p.year !== undefined) throw new InvalidRequestError('months, year', 'give months or year, not both');
  if (p.months !== undefined) {
    if (!isInt32(p.months) || p.months < 0 || p.months > 60) {
      throw new InvalidRequestError('months', `must be a whole number from 0 to 60 (got ${JSON.stringify(p.months)})`);
    }
    return { months: p.months };
  }
  if (p.year !== undefined) {
    if (!isInt32(p.year) || p.year < 1) throw new InvalidRequestError('year', `must be a calendar year (got ${JSON.stringify(p.year)})`);
    return { year: p.year };
  }
  return {};
}
