import { join } from 'node:path';
import { makeFolder } from '../../core/index.js';
import { ownFile } from '../../core/index.js';
import { refuseLinks } from '../../core/index.js';
import { LOCK_FILE } from './_lock.js';

/** The run's own files at the top of the month folder, which every run reads or replaces. */
const RUN_FILES = [['manifest.json', 'read'], ['summary.md', 'write'], ['index.html', 'write'], [LOCK_FILE, 'lock']] as const;

/**
 * Makes `<outDir>/<month>/` for a run, after checking that neither it nor the run's own files
 * in it (manifest.json, summary.md, index.html, the lock) breaks the one rule of `ownFile`: a
 * symbolic link is refused naming it relative to `outDir`; a FIFO, socket, device or folder by
 * its path and what it is. Such a run is refused at once, before anything (even the lock) is
 * written and before any of them is opened. An organization's folder or file that breaks the
 * rule fails only that organization (the run's writer refuses it), so the others go on.
 * @throws OutputLinkError naming the link
 * @throws OutputPathError naming a file that is not a regular file
 */
export async function makeMonthFolder(outDir: string, month: string): Promise<string> {
  const monthDir = join(outDir, month);
  await refuseLinks(outDir, monthDir);
  for (const [name] of RUN_FILES) await refuseLinks(outDir, join(monthDir, name));
  for (const [name, use] of RUN_FILES) await ownFile(join(monthDir, name), { within: monthDir, use });
  await makeFolder(monthDir);
  return monthDir;
}
