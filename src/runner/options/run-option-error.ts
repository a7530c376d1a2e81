import { SvcError } from '../../core/index.js';
/**
 * Thrown by runMonthEnd, runMonthEndOnQueue and startQueueWorker for an option they cannot use
 * (month, concurrency, outDir missing or not a string, a callback that is not a function), before
 * anything starts; `option` names it. The CLI exits with code 2.
 */
export class RunOptionError extends SvcError {
  override readonly name = 'RunOptionError';
  readonly exitCode = 2;
  constructor(readonly option: string, readonly reason: string) {
    super(`${option}: ${reason}`);
  }
}
