// UTC calendar days as integers (days since 1970-01-01), so period maths never touches a clock or a zone.

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` → day number; undefined when not a real calendar date. */
export function parseDay(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  const ms = utc(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return ms / DAY_MS;
}

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(year: number, month1: number, date: number): number {
  return utc(year, month1 - 1, date) / DAY_MS;
}

/** Date.UTC without its mapping of years 0-99 to 1900-1999 (a year parameter may be as early as 1). */
function utc(year: number, month0: number, date: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month0, date);
  return d.getTime();
}

/** Year and 1-based month of a day number. */
export function yearMonth(day: number): { year: number; month: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

export function dayOfMonth(day: number): number {
  return new Date(day * DAY_MS).getUTCDate();
}

export function monthStart(day: number): number {
  const { year, month } = yearMonth(day);
  return dayOf(year, month, 1);
}

export function monthEnd(day: number): number {
  const { year, month } = yearMonth(day);
  return dayOf(year, month + 1, 1) - 1;
}

/** First day of the month `delta` months after the month of `day`. */
export function addMonths(day: number, delta: number): number {
  const { year, month } = yearMonth(day);
  return dayOf(year, month + delta, 1);
}

export function daysInMonth(day: number): number {
  return monthEnd(day) - monthStart(day) + 1;
}

/** `YYYY-MM` of a day. */
export function monthKey(day: number): string {
  return formatDay(day).slice(0, 7);
}
