import type { DayRange } from './_period.js';
import type { UsageToday } from './_whose-today.js';
import { SvcError } from '../../core/index.js';

/**
 * Thrown by `svc usage` when the service answers 400 to the period's dates: says which dates were
 * asked for, why, and whose clock they came from, since the user gave a period name, not dates.
 */
export class PeriodRefusedError extends SvcError {
  override readonly name = 'PeriodRefusedError';
  readonly hint: string;
  constructor(period: DayRange, reason: string, today: UsageToday) {
    super(`the service refused the period ${period.label}: ${reason}`);
    this.hint =
      today.source === 'computer'
        ? `the dates come from this computer's clock (${today.computerDay}, UTC), as the service's answer had no Date; if the service's today is earlier, choose an earlier period`
        : `the dates come from the service's own today (${today.day}, UTC, its Date header); run it again in a minute, or choose an earlier period`;
  }
}
