import { link, rename, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { inspectLock, holderRecord, type LockHolder } from './_lock-holder.js';
import { LockHeldError } from './lock-held-error.js';
import { ownFile, readOwnFile } from '../own-file.js';

export type { LockHolder };

export interface LockOptions {
  /** How long to wait for a live holder to let go, in ms; 0 (the default) fails at once. */
  waitMs?: number | undefined;
  /** A lock older than this is taken over whoever holds it: for locks held only milliseconds, whose pid may since belong to another process. */
  staleAfterMs?: number | undefined;
}

/** Takeovers and vanished locks before giving up once the wait is over: each means another process won a race, so this only ends a pathological loop. */
const MAX_RACES = 5;

/**
 * Takes the lock file at `path` for this process and returns the function that lets it go.
 * The lock appears atomically with its holder already in it (pid, host and start time written
 * to a file created with O_EXCL, then hard-linked to the lock's name, which fails if the lock
 * exists), so no process can find it empty and take it for stale (issue 26). A lock whose
 * process is gone (kill -9, a crash) is taken over: moved aside first, so of several processes
 * finding it stale only one removes it, and a live lock moved aside by mistake is put back.
 * @throws LockHeldError when a live process holds it (after `waitMs`, if given)
 * @throws OutputPathError when something other than a regular file has the lock's name (the one
 * rule of `ownFile`): it is never opened, waited for, moved or removed
 */
export async function acquireLock(path: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  // Something other than a lock file at its name (a FIFO, a device, a link) is refused before anything is made beside it.
  await ownFile(path, { use: 'lock' });
  const deadline = performance.now() + (options.waitMs ?? 0);
  const record = holderRecord();
  const mine = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(mine, record, { flag: 'wx', mode: 0o600 });
  try {
    for (let races = 0, delay = 10; ; ) {
      try {
        await link(mine, path);
        return () => release(path, record);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = await inspectLock(path, options.staleAfterMs);
      if (seen.state !== 'held') {
        // While waiting, a lock let go between our try and our look is the common case, not a race to give up on.
        if (++races > MAX_RACES && performance.now() >= deadline) throw new LockHeldError(path, {});
        if (seen.state === 'stale') await takeOver(path, options.staleAfterMs);
        continue;
      }
      if (performance.now() >= deadline) throw new LockHeldError(path, seen.holder);
      await sleep(delay);
      delay = Math.min(delay * 2, 200);
    }
  } finally {
    await unlink(mine).catch(() => {});
  }
}

/** Moves a stale lock aside (only one of several processes can) and removes it, or puts it back when it turns out held: another process took the lock between our look and the move. */
async function takeOver(path: string, staleAfterMs: number | undefined): Promise<void> {
  const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  // Held again, or no lock file at all (swapped in since our look): put back as it was, untouched.
  const moved = await inspectLock(aside, staleAfterMs).catch(() => ({ state: 'foreign' as const }));
  if (moved.state === 'held' || moved.state === 'foreign') await link(aside, path).catch(() => {});
  await unlink(aside).catch(() => {});
}

/** Removes the lock if it is still ours: one taken over from us (we were taken for stale) belongs to its new holder. */
async function release(path: string, record: string): Promise<void> {
  const now = await readOwnFile(path, { use: 'lock' }).catch(() => undefined);
  if (now?.bytes.toString('utf8') === record) await unlink(path).catch(() => {});
}
