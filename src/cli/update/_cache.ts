import { makeFolder } from '../../core/index.js';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/index.js';
import { readOwnFile } from '../../core/index.js';

/** What the last update check found, kept in the config folder for the next run. */
export interface UpdateCache {
  checked_at: string;
  latest: string;
}

const FILE = 'update-check.json';

/**
 * The cached result, or undefined when there is none or it is unreadable (it is only a cache).
 * Read under the one rule (`readOwnFile`): a FIFO or device put there is never opened, so the
 * check can never hang a command (it counts as no cache; writing it then refuses it, quietly).
 */
export async function readUpdateCache(dir: string): Promise<UpdateCache | undefined> {
  try {
    const read = await readOwnFile(join(dir, FILE), { followLink: true });
    if (!read) return undefined;
    const data = JSON.parse(read.bytes.toString('utf8')) as Partial<UpdateCache>;
    if (typeof data.checked_at === 'string' && typeof data.latest === 'string') return { checked_at: data.checked_at, latest: data.latest };
  } catch {
    // Missing or damaged: the next check rewrites it.
  }
  return undefined;
}

export async function writeUpdateCache(dir: string, cache: UpdateCache): Promise<void> {
  await makeFolder(dir, 0o700);
  await writeFileAtomic(join(dir, FILE), JSON.stringify(cache) + '\n', { mode: 0o600, mkdir: false });
}
