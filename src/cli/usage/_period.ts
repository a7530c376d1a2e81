import { formatMonth } from '../../locale/index.js';
import { getLocale } from '../../locale/index.js';
import { UsageError } from '../_program/usage-error.js';

/** The periods `svc usage --period` accepts. */
export const USAGE_PERIODS = ['today', 'week', 'month', 'last-month'] as const;
export type UsagePeriodName = (typeof USAGE_PERIODS)[number];

/**
 * The period the command line asks for: one of the named periods (counted back from today), one
 * calendar month (`--month YYYY-MM`), or a range of days (`--since`, `--until`; without `--until`
 * up to today). Checked already (usage-request.ts): real months and days, since ≤ until.
 */
export type UsageRequest =
  | { kind: 'named'; name: UsagePeriodName }
  | { kind: 'month'; month: string }
  | { kind: 'range'; since: string; until?: string };

/** A range of whole UTC days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  /** What `--json` calls it: a `--period` name, `calendar-month` (`--month`) or `range` (`--since`). */
  name: UsagePeriodName | 'calendar-month' | 'range';
  start: string;
  end: string;
  /** e.g. `this month, 2026-11-01 – 2026-11-20`, `October 2026, 2026-10-01 – 2026-10-31`. */
  label: string;
  /** `--month`'s month. */
  month?: string;
  /** The last day asked for, when it is after today: `end` is today then (the spec clamps the end to today). */
  askedEnd?: string;
  /** The period starts after today: there is no usage in it yet, so nothing is asked. */
  afterToday?: true;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const dates = (start: string, end: string) => (start === end ? start : `${start} – ${end}`);

const LABELS: Record<UsagePeriodName, string> = {
  today: 'today',
  week: 'last 7 days',
  month: 'this month',
  'last-month': 'last month',
};

/** The days of `name` as seen at `now`; days start at midnight UTC. Pure: the clock is passed in. */
export function usagePeriod(name: UsagePeriodName, now: Date): DayRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = utc(y, m, now.getUTCDate());
  let start = today;
  let end = today;
  if (name === 'week') start = utc(y, m, now.getUTCDate() - 6);
  if (name === 'month') start = utc(y, m, 1);
  if (name === 'last-month') {
    start = utc(y, m - 1, 1);
    end = utc(y, m, 0);
  }
  return { name, start: day(start), end: day(end), label: `${LABELS[name]}, ${dates(day(start), day(end))}` };
}

/**
 * The days `request` covers as seen at `now` (the service's today, whose-today.ts), by the
 * spec's rules for a range (reporting-api.md §4): UTC days, the end clamped to today. A period
 * that starts after today is kept as asked and marked `afterToday`: nothing exists in it yet.
 * Only `--since` without `--until` has no end of its own ("up to today"): after today it would
 * end before it starts, so it is refused, as `--since` after `--until` is, rather than printed
 * as a reversed period; with `--until` a future range is a period like a future `--month`.
 * @throws UsageError naming --since for `--since` after today without `--until`.
 */
export function usageRange(request: UsageRequest, now: Date): DayRange {
  if (request.kind === 'named') return usagePeriod(request.name, now);
  const today = day(now);
  let start: string;
  let asked: string;
  let name: DayRange['name'];
  let prefix = '';
  if (request.kind === 'month') {
    const [y, m] = request.month.split('-').map(Number) as [number, number];
    start = `${request.month}-01`;
    asked = day(utc(y, m, 0));
    name = 'calendar-month';
    prefix = `${formatMonth(request.month, getLocale('en'))}, `;
  } else {
    start = request.since;
    if (request.until === undefined && start > today) {
      throw new UsageError(`--since: ${start} is after today (${today}, UTC), and without --until the range runs up to today; give an earlier day, or --until too`);
    }
    asked = request.until ?? today;
    name = 'range';
  }
  const base = { name, start, ...(request.kind === 'month' ? { month: request.month } : {}) };
  if (start > today) return { ...base, end: asked, label: `${prefix}${dates(start, asked)}`, afterToday: true };
  const end = asked > today ? today : asked;
  return { ...base, end, label: `${prefix}${dates(start, end)}`, ...(asked > today ? { askedEnd: asked } : {}) };
}

/** What to say under the period when it was cut to today or lies after it (`whose`: "the service's" or "this computer's"); undefined otherwise. */
export function rangeNote(period: DayRange, today: string, whose: string): string | undefined {
  if (period.afterToday) return `The period starts after ${whose} today (${today}, UTC): there is no usage in it yet.`;
  if (period.askedEnd) return `The period ends at ${whose} today (${today}, UTC), not ${period.askedEnd}: there is no usage after it yet.`;
  return undefined;
}

/** The period as `--json` shows it. */
export function periodJson(period: DayRange): Record<string, unknown> {
  return {
    name: period.name,
    ...(period.month ? { month: period.month } : {}),
    start_date: period.start,
    end_date: period.end,
    ...(period.askedEnd ? { asked_end_date: period.askedEnd } : {}),
    ...(period.afterToday ? { after_today: true } : {}),
  };
}
