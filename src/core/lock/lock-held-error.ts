import { SvcError } from '../svc-error.js';
import type { LockHolder } from './_lock-holder.js';

/**
 * Thrown by `acquireLock` when another live process holds the lock: at once, or after waiting
 * as long as the caller allowed. `holder` is what the lock file says about that process (empty
 * when the file says nothing readable). The callers turn it into their own error
 * (RunLockedError, CredentialsLockedError), which says what to do about it.
 */
export class LockHeldError extends SvcError {
  override readonly name = 'LockHeldError';
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.pid === undefined ? 'another process' : `process ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}${holder.started ? ` (since ${holder.started})` : ''}`;
    super(`${lockPath} is held by ${who}`);
  }
}
