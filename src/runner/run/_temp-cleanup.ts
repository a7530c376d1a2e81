import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { TEMP_PREFIX } from '../../core/index.js';

/**
 * Removes temp files left by an earlier killed run under `dir` (recursively); returns how many.
 * Only regular files are ours (the one rule of core/own-file): a FIFO, socket or link that merely
 * has a temp file's name is left alone, and no link to a folder is followed.
 */
export async function removeStaleTempFiles(dir: string): Promise<number> {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removed += await removeStaleTempFiles(path);
    else if (entry.isFile() && entry.name.startsWith(TEMP_PREFIX)) {
      await unlink(path).catch(() => {});
      removed++;
    }
  }
  return removed;
}
