import { open, stat, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { CredentialsLockedError } from './credentials-locked-error.js';

/** How long a writer waits for another one; a change takes milliseconds, so this is generous. */
const WAIT_MS = 5000;
/** A lock older than this was left by a process that died mid-change (a change never takes this long). */
const STALE_MS = 30_000;

/**
 * Runs `change` while holding `<file>.lock` (created with O_EXCL, so only one process holds it),
 * so two `svc` processes changing credentials at once each see the other's result instead of the
 * last write silently winning. A lock left by a crashed process is taken over after STALE_MS.
 * @throws CredentialsLockedError when another process holds the lock for longer than WAIT_MS
 */
export async function withFileLock<T>(file: string, change: () => Promise<T>, waitMs = WAIT_MS): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + waitMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    try {
      const fh = await open(lock, 'wx', 0o600);
      await fh.writeFile(`${process.pid}\n`).finally(() => fh.close());
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (age > STALE_MS) {
      await unlink(lock).catch(() => {});
      continue;
    }
    if (Date.now() >= deadline) throw new CredentialsLockedError(lock);
    await sleep(delay);
  }
  try {
    return await change();
  } finally {
    await unlink(lock).catch(() => {});
  }
}
