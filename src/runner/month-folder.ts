import { join } from 'node:path';
import { makeFolder } from '../core/make-folder.js';
import { refuseLinks } from '../core/refuse-links.js';

/** The run's own files at the top of the month folder, written by every run. */
const RUN_FILES = ['manifest.json', 'summary.md', 'index.html'] as const;

/**
 * Makes `<outDir>/<month>/` for a run, after checking that neither it nor the run's own files
 * in it (manifest.json, summary.md, index.html) is a symbolic link: such a run is refused at
 * once, naming the link relative to `outDir`, before anything (even the lock) is written. An
 * organization's folder or file that is a link fails only that organization (the run's writer
 * refuses it), so the others go on.
 * @throws OutputLinkError naming the link
 */
export async function makeMonthFolder(outDir: string, month: string): Promise<string> {
  const monthDir = join(outDir, month);
  await refuseLinks(outDir, monthDir);
  for (const name of RUN_FILES) await refuseLinks(outDir, join(monthDir, name));
  await makeFolder(monthDir);
  return monthDir;
}
