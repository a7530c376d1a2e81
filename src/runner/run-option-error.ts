import { SvcError } from '../core/svc-error.js';
/** Thrown by runMonthEnd for an option it cannot use (month, concurrency); the CLI exits with code 2. */
export class RunOptionError extends SvcError {
  override readonly name = 'RunOptionError';
  readonly exitCode = 2;
  constructor(readonly option: string, readonly reason: string) {
    super(`${option}: ${reason}`);
  }
}
