/** The periods `svc usage --period` accepts. */
export const USAGE_PERIODS = ['today', 'week', 'month', 'last-month'] as const;
export type UsagePeriodName = (typeof USAGE_PERIODS)[number];

/** A range of whole UTC days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  name: UsagePeriodName;
  start: string;
  end: string;
  /** e.g. `this month, 2026-11-01 – 2026-11-20`. */
  label: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

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
  const range = start.getTime() === end.getTime() ? day(start) : `${day(start)} – ${day(end)}`;
  return { name, start: day(start), end: day(end), label: `${LABELS[name]}, ${range}` };
}
