import { hostname } from 'node:os';
import { join } from 'node:path';
import { acquireLock } from '../../core/lock/index.js';
import { LockHeldError } from '../../core/lock/index.js';
import { RunLockedError } from '../options/run-locked-error.js';

export const LOCK_FILE = '.svc-month-end.lock';

/**
 * Takes the month folder for this process, so two runs never clean up or overwrite each
 * other's files: the core lock, failing at once (a run takes minutes; waiting would only hide
 * that two were started). A lock left by a run that is gone is taken over. Returns the release function.
 * @throws RunLockedError naming the live run that holds the folder
 */
export async function acquireRunLock(monthDir: string): Promise<() => Promise<void>> {
  try {
    return await acquireLock(join(monthDir, LOCK_FILE));
  } catch (e) {
    if (!(e instanceof LockHeldError)) throw e;
    const { pid, host } = e.holder;
    throw new RunLockedError(monthDir, pid, host === hostname() ? undefined : host);
  }
}
