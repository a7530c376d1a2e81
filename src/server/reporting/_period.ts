import { HttpError } from '../http-error.js';
import { addMonths, dayOf, formatDay, monthEnd, monthStart, parseDay } from '../_days.js';

export const MAX_RANGE_DAYS = 366;

function bad(message: string): HttpError {
  return new HttpError(400, 'invalid_period', message);
}

/** The largest `months` key-usage takes: the spec gives only its minimum and its type, int32. */
const INT32_MAX = 2_147_483_647;
/** Trailing months of which even the shortest run (from the first of a month to the first of the next) passes 366 days. */
const NEVER_FITS_MONTHS = 15;

/**
 * The calendar years a `year` parameter may name, the same on key-usage and monthly-usage (the spec
 * gives both one rule, "calendar year") and in the client (PERIOD_LIMITS): every year a
 * `YYYY-MM-DD` date can write.
 */
export const YEAR_RANGE = { min: 1, max: 9999 } as const;

/** A whole-number query parameter within [min, max]; 400 naming it otherwise. */
export function intParam(name: string, v: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(v) || Number(v) < min) throw bad(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
  if (Number(v) > max) throw bad(`${name} must be at most ${max} (got "${v}")`);
  return Number(v);
}

/**
 * Resolves key-usage period parameters (spec §4 rules 1-4) to an inclusive day range clamped to
 * today; 400 with the reason for conflicting, malformed or too-long periods, or one after today.
 */
export function resolveKeyUsagePeriod(q: URLSearchParams, today: number): { first: number; last: number } {
  const styles = ['month', 'year', 'months'].filter((s) => q.has(s));
  if (q.has('start_date') || q.has('end_date')) styles.push('start_date/end_date');
  if (styles.length > 1) throw bad(`conflicting period parameters: ${styles.join(', ')}; send at most one period style`);
  let first: number, last: number;
  const style = styles[0];
  if (style === 'month') {
    const v = q.get('month')!;
    const m = /^(\d{4})-(\d{2})$/.exec(v);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw bad(`month must be YYYY-MM (got "${v}")`);
    first = dayOf(Number(m[1]), Number(m[2]), 1);
    last = monthEnd(first);
  } else if (style === 'year') {
    const y = intParam('year', q.get('year')!, YEAR_RANGE.min, YEAR_RANGE.max);
    first = dayOf(y, 1, 1);
    last = dayOf(y, 12, 31);
  } else if (style === 'months') {
    const n = intParam('months', q.get('months')!, 0, INT32_MAX);
    // Refused by the 366-day rule (spec §4 rule 4) without counting back millions of months.
    if (n >= NEVER_FITS_MONTHS) throw bad(`months=${q.get('months')} covers more than ${MAX_RANGE_DAYS} days; at most ${MAX_RANGE_DAYS} per request (fetch longer periods as successive ranges)`);
    // months=0 is allowed by the spec's minimum; it means the current month, like months=1.
    first = addMonths(today, -(Math.max(n, 1) - 1));
    last = today;
  } else if (style) {
    const s = q.get('start_date'), e = q.get('end_date');
    if (s === null) throw bad('end_date requires start_date');
    if (e === null) throw bad('start_date requires end_date');
    const sd = parseDay(s), ed = parseDay(e);
    if (sd === undefined) throw bad(`start_date must be a YYYY-MM-DD date (got "${s}")`);
    if (ed === undefined) throw bad(`end_date must be a YYYY-MM-DD date (got "${e}")`);
    if (sd > ed) throw bad(`start_date ${s} is after end_date ${e}`);
    first = sd;
    last = ed;
  } else {
    first = monthStart(today);
    last = today;
  }
  // Every refusal names the parameter it is about.
  const named = style === 'start_date/end_date' ? `start_date=${q.get('start_date')} to end_date=${q.get('end_date')}` : style ? `${style}=${q.get(style)}` : 'the current month';
  if (first > today) throw bad(`${named} starts ${formatDay(first)}, after today (${formatDay(today)})`);
  last = Math.min(last, today);
  const days = last - first + 1;
  if (days > MAX_RANGE_DAYS) {
    throw bad(`${named} covers ${formatDay(first)} to ${formatDay(last)}, ${days} days; at most ${MAX_RANGE_DAYS} per request (fetch longer periods as successive ranges)`);
  }
  return { first, last };
}
