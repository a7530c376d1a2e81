import type { DayRange } from './period.js';
import { SvcError } from '../../core/svc-error.js';

/**
 * Thrown by `svc usage` when the service answers 400 to the period's dates: says which dates were
 * asked for and why, since the user gave a period name, not dates.
 */
export class PeriodRefusedError extends SvcError {
  override readonly name = 'PeriodRefusedError';
  readonly hint = "the dates come from this computer's clock, in UTC; if the service's today is earlier, choose an earlier --period";
  constructor(period: DayRange, reason: string) {
    super(`the service refused the period ${period.label}: ${reason}`);
  }
}
