import { acquireLock } from '../../core/lock/index.js';
import { LockHeldError } from '../../core/lock/index.js';
import { CredentialsLockedError } from './credentials-locked-error.js';

/** How long a writer waits for another one; a change takes milliseconds, so this is generous. */
const WAIT_MS = 5000;
/** A lock older than this was left by a process that died mid-change (a change never takes this long), even if its pid now belongs to another process. */
const STALE_MS = 30_000;

/**
 * Runs `change` while holding `<file>.lock` (the core lock, waiting up to `waitMs`), so two
 * `svc` processes changing credentials at once each see the other's result instead of the last
 * write silently winning. A lock left by a crashed process is taken over: at once when its
 * process is gone, and after STALE_MS whatever it says.
 * @throws CredentialsLockedError when another process holds the lock for longer than `waitMs`
 */
export async function withFileLock<T>(file: string, change: () => Promise<T>, waitMs = WAIT_MS): Promise<T> {
  const lock = `${file}.lock`;
  const release = await acquireLock(lock, { waitMs, staleAfterMs: STALE_MS }).catch((e: unknown) => {
    throw e instanceof LockHeldError ? new CredentialsLockedError(lock) : e;
  });
  try {
    return await change();
  } finally {
    await release();
  }
}
