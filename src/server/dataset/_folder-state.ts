import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Every file under `dir` with its size and modification time, as one comparable string: two equal
 * answers mean no file was added, removed, resized or rewritten in between (so a parsed copy of the
 * folder is still the folder). Costs one stat per file, against parsing every file again.
 */
export async function folderState(dir: string): Promise<string> {
  const names = (await readdir(dir, { recursive: true })).sort();
  const lines = await Promise.all(names.map(async (name) => {
    const s = await stat(join(dir, name));
    return s.isFile() ? `${name}\t${s.size}\t${s.mtimeMs}` : '';
  }));
  return lines.filter(Boolean).join('\n');
}
