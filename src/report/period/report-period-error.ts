import { SvcError } from '../../core/index.js';
/** Thrown when a cost-report period is malformed: names the field (`month`, `year` or `months`) and what it must be. */
export class ReportPeriodError extends SvcError {
  override readonly name = 'ReportPeriodError';
  constructor(readonly field: 'month' | 'year' | 'months' | 'period', message: string) {
    super(message);
  }
}
