import { InvalidRequestError } from './errors/invalid-request-error.js';
import { KeyUsageMerger } from './merge-key-usage.js';
import { dayNumber, dayString, splitRange, type CheckedKeyUsagePeriod } from './limits/period.js';

export type KeyUsageQuery = Record<string, string | number>;

/** Reads the answer to one key-usage request into `into` and gives back the range it covers. */
export type ReadKeyUsage = (query: KeyUsageQuery, into: KeyUsageMerger) => Promise<{ start_date: string; end_date: string }>;

/** `months` up to 12 never spans more than 366 days (the current month and 11 before it). */
const MAX_SINGLE_REQUEST_MONTHS = 12;

/** The one query that answers `checked`, or undefined when it spans more than one request may. */
export function singleQuery(checked: CheckedKeyUsagePeriod, maxRangeDays: number): KeyUsageQuery | undefined {
  if (checked.kind === 'months') return checked.query.months <= MAX_SINGLE_REQUEST_MONTHS ? checked.query : undefined;
  if (checked.kind !== 'range') return checked.query;
  const days = dayNumber(checked.query.end_date)! - dayNumber(checked.query.start_date)! + 1;
  return days <= maxRangeDays ? checked.query : undefined;
}

/** The first day of the month `back` months before the month that starts on `monthStart`. */
function monthsBefore(monthStart: string, back: number): string {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
}

/**
 * Reads a period longer than one request may cover (reporting-api.md §4 rule 4) as successive
 * ranges of at most `maxRangeDays`, oldest first, all into one merger. Only the service knows
 * its "today" (it clamps every end to it and refuses a range that starts after it), so the
 * current month to date is asked first: its answer says which day that is. No range wholly
 * after that day is requested; a period ending after it gets what exists, as one in-limit
 * request would. When the current month lies inside the period its answer is the period's
 * newest part; otherwise it is dropped.
 */
export async function readKeyUsageRanges(checked: CheckedKeyUsagePeriod, maxRangeDays: number, read: ReadKeyUsage): Promise<KeyUsageMerger> {
  const current = new KeyUsageMerger();
  const probe = await read({}, current);
  const today = probe.end_date;
  const monthStart = probe.start_date;
  let start: string;
  let end: string;
  if (checked.kind === 'months') {
    start = monthsBefore(monthStart, checked.query.months - 1);
    end = today;
  } else if (checked.kind === 'range') {
    start = checked.query.start_date;
    end = checked.query.end_date < today ? checked.query.end_date : today;
  } else {
    throw new RangeError(`a ${checked.kind} period is one request`);
  }
  if (start > today) throw new InvalidRequestError('start_date', `${start} is after the service's today (${today}); there is no usage yet`);
  const useCurrent = start <= monthStart && end === today;
  const last = useCurrent ? dayString(dayNumber(monthStart)! - 1) : end;
  const merged = new KeyUsageMerger();
  // Merged at once as the newest part, so the current month is not held beside the merged keys.
  if (useCurrent) merged.absorb(current, Infinity);
  if (start <= last) {
    for (const range of splitRange(start, last, maxRangeDays)) {
      const got = await read(range, merged);
      // The service clamped this range: nothing after it exists.
      if (got.end_date < range.end_date) break;
    }
  }
  return merged;
}
