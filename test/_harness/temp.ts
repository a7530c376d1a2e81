// Temporary folders. They are made under os.tmpdir(), which in a test run is the one folder the
// global setup makes and removes when the run ends (test/_global-setup.ts), so a test stopped
// half-way leaves nothing in /tmp; a test still removes what it made.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temporary folder; remove it with `cleanup`. */
export async function tempDir(prefix = 'svc-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Removes folders made with `tempDir` (and everything in them). */
export async function cleanup(...dirs: string[]): Promise<void> {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
}
