import { InvalidRequestError } from '../../client/errors/index.js';
import { PERIOD_LIMITS, checkPeriodFields } from '../../client/limits/index.js';
import { ReportPeriodError } from './report-period-error.js';

/** The period of a cost workbook: one calendar month, one calendar year, or the trailing N months (incl. the current one). */
export type ReportPeriod = { month: string } | { year: number } | { months: number };

/**
 * Checks a period and returns it unchanged: exactly one of month, year or months (1 to 60), by
 * the package's one period check (`checkPeriodFields`, the same limits as every endpoint's).
 * @throws ReportPeriodError naming the field
 */
export function checkPeriod(period: ReportPeriod): ReportPeriod {
  const keys = typeof period === 'object' && period !== null ? Object.keys(period) : [];
  if (keys.length !== 1) throw new ReportPeriodError('period', `give exactly one of month (YYYY-MM), year (YYYY) or months (1-${PERIOD_LIMITS.maxMonths})`);
  try {
    checkPeriodFields(period, ['month', 'year', 'months'], 1);
  } catch (e) {
    if (!(e instanceof InvalidRequestError)) throw e;
    const field = e.field === 'month' || e.field === 'year' || e.field === 'months' ? e.field : 'period';
    throw new ReportPeriodError(field, `${e.field} ${e.reason}`);
  }
  return period;
}

/**
 * The calendar months (`YYYY-MM`) a period names by itself: one month, or January to December
 * of a year; null for the trailing months, which end with the service's current month (known
 * only from its usage records).
 */
export function calendarMonths(period: ReportPeriod): string[] | null {
  if ('month' in period) return [period.month];
  if ('year' in period) return Array.from({ length: 12 }, (_, i) => `${period.year}-${String(i + 1).padStart(2, '0')}`);
  return null;
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
