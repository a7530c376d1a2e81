import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { RunLockedError } from './run-locked-error.js';

export const LOCK_FILE = '.svc-month-end.lock';

/** A lock without a readable pid (written by an older svc between create and write) is held this long before it counts as left behind. */
const UNREADABLE_LOCK_MS = 30_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file holds, or undefined when it holds none (empty, or not a number). */
async function pidIn(path: string): Promise<number | undefined> {
  const pid = Number((await readFile(path, 'utf8')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Whether the lock at `path` is held: by a live process, or unreadable but young. */
async function held(path: string): Promise<{ held: boolean; pid?: number }> {
  const pid = await pidIn(path);
  // Our own pid is a lock left by an earlier process that had it (a container's pid 1 restarted).
  if (pid !== undefined) return { held: pid !== process.pid && alive(pid), pid };
  const age = Date.now() - (await stat(path)).mtimeMs;
  return { held: age < UNREADABLE_LOCK_MS };
}

/**
 * Takes the month folder for this process, so two runs never clean up or overwrite each
 * other's files. The lock appears atomically with the pid already in it (written to a temp file,
 * then hard-linked to the lock's name, which fails if the lock exists), so no run can find it
 * empty and take it for stale. A lock left by a process that is gone (kill -9, crash) is taken
 * over: moved aside first, so of several runs finding it stale only one removes it, and a live
 * lock moved aside by mistake is put back. Returns the release function.
 */
export async function acquireRunLock(monthDir: string): Promise<() => Promise<void>> {
  const path = join(monthDir, LOCK_FILE);
  const mine = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(mine, String(process.pid), { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(mine, path);
        return () => unlink(path).catch(() => {});
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = await held(path).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? { held: false, gone: true } : Promise.reject(e)));
      if ('gone' in seen) continue;
      if (seen.held) throw new RunLockedError(monthDir, seen.pid);
      // Stale: move it aside (only one of several runs can), then check what was moved.
      const aside = `${path}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
      try {
        await rename(path, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      const moved = await held(aside).catch(() => ({ held: false, pid: undefined }));
      if (moved.held) {
        // Another run took the lock between our look and the move: give it back.
        await link(aside, path).catch(() => {});
        await unlink(aside).catch(() => {});
        throw new RunLockedError(monthDir, moved.pid);
      }
      await unlink(aside).catch(() => {});
    }
    throw new RunLockedError(monthDir, undefined);
  } finally {
    await unlink(mine).catch(() => {});
  }
}
