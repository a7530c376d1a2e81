import { lstatSync, type Stats } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { OutputLinkError } from './output-link-error.js';
import { OutputWriteError } from './output-write-error.js';

/**
 * Checks every component of `path` below `root` with lstat (which never follows a link): a
 * symbolic link anywhere from the first folder below `root` down to the file itself is refused,
 * named relative to `root`. What does not exist yet is fine (it will be made as a real folder or
 * file). `root` itself is the caller's choice (`--out` may well be a link) and is not checked.
 * @returns what lstat said of `path` itself (so the caller need not ask again): its Stats, or null
 * when it (or a folder on the way) is missing; undefined when `path` is `root` (not looked at)
 * @throws OutputLinkError naming the first link on the way
 * @throws OutputWriteError for a system error other than "missing" (EACCES, ...)
 */
export async function refuseLinks(root: string, path: string): Promise<Stats | null | undefined> {
  const rel = relative(root, path);
  if (rel === '') return undefined;
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new Error(`refuseLinks: ${path} is not below ${root}`);
  const parts = rel.split(sep);
  let at = root;
  let st: Stats | undefined;
  for (let i = 0; i < parts.length; i++) {
    // relative() gives plain names (no '', '.' or '..' below root), so once joined to root the path
    // needs no normalizing again: a separator and the name.
    at = i === 0 ? join(root, parts[0]!) : `${at}${sep}${parts[i]!}`;
    st = lstatOrMissing(at, path);
    // Missing (or under a file, which the write then reports): nothing below it exists either.
    if (!st) return null;
    if (st.isSymbolicLink()) throw new OutputLinkError(parts.slice(0, i + 1).join('/'), root, await readlink(at).catch(() => undefined));
  }
  return st;
}

/**
 * lstat(2) of `at`, undefined when it is missing or under a file. Synchronous: a run checks a
 * dozen paths per document, and an lstat is microseconds in the kernel where the promise form
 * costs a thread-pool round trip and, for a missing path, an Error with its stack.
 */
export function lstatOrMissing(at: string, path = at): Stats | undefined {
  try {
    return lstatSync(at, { throwIfNoEntry: false });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw OutputWriteError.from(path, e);
  }
}
