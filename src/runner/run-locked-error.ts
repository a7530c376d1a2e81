import { SvcError } from '../core/svc-error.js';
/** Thrown when another month-end run (a live process) is writing to the same month folder. */
export class RunLockedError extends SvcError {
  override readonly name = 'RunLockedError';
  readonly hint = 'wait for the other run to finish, or use another --out folder';
  constructor(readonly monthDir: string, readonly pid: number | undefined) {
    super(`another month-end run${pid ? ` (process ${pid})` : ''} is writing to ${monthDir}`);
  }
}
