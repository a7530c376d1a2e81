import type { KeyUsagePeriod, MonthlyUsagePeriod } from '../api.js';
import { InvalidRequestError } from '../errors/invalid-request-error.js';

/** The spec's limit on one key-usage range (reporting-api.md §4 rule 4). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * A client's `maxRangeDays` option: the longest range one request may cover, from 1 to the
 * spec's 366 (smaller values split more); MAX_RANGE_DAYS when omitted.
 * @throws InvalidRequestError naming `maxRangeDays`.
 */
export function checkMaxRangeDays(value: number | undefined): number {
  const days = value ?? MAX_RANGE_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_RANGE_DAYS) throw new InvalidRequestError('maxRangeDays', `must be a whole number from 1 to ${MAX_RANGE_DAYS}`);
  return days;
}

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

/** The limits of every period this package checks (key usage, monthly usage, cost workbooks): one set. */
export const PERIOD_LIMITS = {
  /** A year as the API writes dates (`YYYY`). */
  firstYear: 1,
  lastYear: 9999,
  /** The longest trailing window: monthly-usage's maximum (reporting-api.md §8), also for key usage and workbooks. */
  maxMonths: 60,
} as const;

/** The period styles; `range` is start_date with end_date. */
export type PeriodStyle = 'month' | 'year' | 'months' | 'range';

const FIELD_OF: Record<string, PeriodStyle> = { month: 'month', year: 'year', months: 'months', start_date: 'range', end_date: 'range' };
const NAMES: Record<PeriodStyle, string> = { month: 'month', year: 'year', months: 'months', range: 'start_date with end_date' };

function isWhole(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

/**
 * The one check of a period, for every endpoint and the workbook: the fields must be of the
 * `allowed` styles, at most one style, `month` a real `YYYY-MM`, `year` within PERIOD_LIMITS,
 * `months` from `minMonths` to PERIOD_LIMITS.maxMonths, both dates real days with start ≤ end.
 * @throws InvalidRequestError naming the field.
 */
export function checkPeriodFields(period: object | undefined, allowed: readonly PeriodStyle[], minMonths = 0): CheckedKeyUsagePeriod {
  const p = (period ?? {}) as Record<string, unknown>;
  const list = allowed.map((s) => NAMES[s]).join(', ');
  for (const k of Object.keys(p)) {
    if (!FIELD_OF[k] || !allowed.includes(FIELD_OF[k])) throw new InvalidRequestError(k, `unknown period field; use ${list}`);
  }
  const given = Object.keys(p).filter((k) => p[k] !== undefined);
  if (new Set(given.map((k) => FIELD_OF[k])).size > 1) throw new InvalidRequestError(given.join(', '), `give at most one period style: ${list}`);
  if (p.month !== undefined) {
    if (typeof p.month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(p.month) || p.month < '0001') {
      throw new InvalidRequestError('month', `must be YYYY-MM, e.g. 2026-10 (got ${JSON.stringify(p.month)})`);
    }
    return { kind: 'month', query: { month: p.month } };
  }
  if (p.year !== undefined) {
    const { firstYear, lastYear } = PERIOD_LIMITS;
    if (!isWhole(p.year) || p.year < firstYear || p.year > lastYear) {
      throw new InvalidRequestError('year', `must be a calendar year from ${firstYear} to ${lastYear} (got ${JSON.stringify(p.year)})`);
    }
    return { kind: 'year', query: { year: p.year } };
  }
  if (p.months !== undefined) {
    const max = PERIOD_LIMITS.maxMonths;
    if (!isWhole(p.months) || p.months < minMonths) throw new InvalidRequestError('months', `must be a whole number from ${minMonths} to ${max} (got ${JSON.stringify(p.months)})`);
    if (p.months > max) throw new InvalidRequestError('months', `must be at most ${max} (got ${JSON.stringify(p.months)})`);
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

/**
 * Checks a key-usage period against the spec's rules before any request (`checkPeriodFields`
 * with every style).
 * @throws InvalidRequestError naming the field.
 */
export function checkKeyUsagePeriod(period: KeyUsagePeriod | undefined): CheckedKeyUsagePeriod {
  return checkPeriodFields(period, ['month', 'year', 'months', 'range']);
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

/** Checks a monthly-usage window: `months` 0..60 or a `year`, never both (`checkPeriodFields`). */
export function checkMonthlyUsagePeriod(period: MonthlyUsagePeriod | undefined): { months?: number; year?: number } {
  return checkPeriodFields(period, ['year', 'months']).query as { months?: number; year?: number };
}
