/** `YYYY-MM` of the calendar month before the one `now` falls in (UTC). */
export function previousMonth(now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth(); // 0-based: the previous month's 1-based number
  return m === 0 ? `${y - 1}-12` : `${y}-${String(m).padStart(2, '0')}`;
}

/** True for a real calendar month written `YYYY-MM`. */
export function isMonth(value: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/** Why `value` is not a run's month, or undefined when it is one: the wording of every month check of a run, flag or option. */
export function monthProblem(value: string): string | undefined {
  return isMonth(value) ? undefined : `must be a month written YYYY-MM (got "${value}")`;
}

/** True when the `YYYY-MM-DD` date lies in `month` (`YYYY-MM`); plain string work, no clock. */
export function dateInMonth(isoDate: string, month: string): boolean {
  return isoDate.slice(0, 7) === month && isoDate.charAt(7) === '-';
}
