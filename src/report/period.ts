import { ReportPeriodError } from './report-period-error.js';

/** The period of a cost workbook: one calendar month, one calendar year, or the trailing N months (incl. the current one). */
export type ReportPeriod = { month: string } | { year: number } | { months: number };

/** Checks a period and returns it unchanged. @throws ReportPeriodError naming the field */
export function checkPeriod(period: ReportPeriod): ReportPeriod {
  const keys = Object.keys(period);
  if (keys.length !== 1) throw new ReportPeriodError('period', 'give exactly one of month (YYYY-MM), year (YYYY) or months (1-60)');
  if ('month' in period) {
    if (typeof period.month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(period.month)) {
      throw new ReportPeriodError('month', `month must be YYYY-MM, e.g. 2026-10 (got "${String(period.month)}")`);
    }
  } else if ('year' in period) {
    if (!Number.isInteger(period.year) || period.year < 2000 || period.year > 9999) {
      throw new ReportPeriodError('year', `year must be a four-digit year, e.g. 2026 (got "${String(period.year)}")`);
    }
  } else if ('months' in period) {
    if (!Number.isInteger(period.months) || period.months < 1 || period.months > 60) {
      throw new ReportPeriodError('months', `months must be a whole number from 1 to 60 (got "${String(period.months)}")`);
    }
  } else {
    throw new ReportPeriodError('period', 'give exactly one of month (YYYY-MM), year (YYYY) or months (1-60)');
  }
  return period;
}

/** `2026-10` from `2026-10-01`. */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** Last day (`YYYY-MM-DD`) of the month of `isoDate`. */
export function lastDayOfMonth(isoDate: string): string {
  const y = Number(isoDate.slice(0, 4));
  const m = Number(isoDate.slice(5, 7));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${isoDate.slice(0, 7)}-${String(days).padStart(2, '0')}`;
}

/** A `YYYY-MM-DD` day as a Date at UTC midnight (what Excel shows as that day). */
export function utcDate(isoDate: string): Date {
  return new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
}
