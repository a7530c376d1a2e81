import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { RunLockedError } from './run-locked-error.js';

export const LOCK_FILE = '.svc-month-end.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the month folder for this process, so two runs never clean up or overwrite each
 * other's files. A lock left by a process that is gone (kill -9, crash) is taken over.
 * Returns the release function.
 */
export async function acquireRunLock(monthDir: string): Promise<() => Promise<void>> {
  const path = join(monthDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fh = await open(path, 'wx');
      await fh.writeFile(String(process.pid));
      await fh.close();
      return () => unlink(path).catch(() => {});
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new RunLockedError(monthDir, pid);
      await unlink(path).catch(() => {});
    }
  }
  throw new RunLockedError(monthDir, undefined);
}
