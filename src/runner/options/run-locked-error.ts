import { SvcError } from '../../core/index.js';
/** Thrown when another month-end run (a live process) is writing to the same month folder. */
export class RunLockedError extends SvcError {
  override readonly name = 'RunLockedError';
  readonly hint = 'wait for the other run to finish, or use another output folder (outDir)';
  constructor(
    readonly monthDir: string,
    readonly pid: number | undefined,
    /** The other run's host, when it is not this one (a month folder on a shared disk). */
    readonly host?: string | undefined,
  ) {
    super(`another month-end run${pid ? ` (process ${pid}${host ? ` on ${host}` : ''})` : ''} is writing to ${monthDir}`);
  }
}
