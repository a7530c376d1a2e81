import { Decimal } from '../../money/index.js';
import { daysInMonth, dayOfMonth } from '../_days.js';

/**
 * Run-rate change of the current month against the previous one, in percent with one decimal:
 * the current month is projected to a full month (so far / days elapsed * days in month) first.
 * Null when the previous month is zero.
 */
export function runRateChangePct(current: Decimal, previous: Decimal, today: number): string | null {
  if (previous.isZero()) return null;
  const projected = current.dividedBy(dayOfMonth(today)).times(daysInMonth(today));
  return projected.minus(previous).dividedBy(previous).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toFixed(1);
}
