import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { OutputPathError } from './output-path-error.js';
import { OutputWriteError } from './output-write-error.js';
import { lstatOrMissing, refuseLinks } from './refuse-links.js';

export interface OwnFileOptions {
  /**
   * The output folder the path lies in (a run's month folder). No symbolic link below it is
   * followed: a folder on the way or the file itself being one is refused (OutputLinkError).
   */
  within?: string | undefined;
  /**
   * A symbolic link at the path itself is followed to its target, which must then be a regular
   * file (a `credentials.json` kept in a dotfiles repository). Without it (the default) a link
   * there is refused like any other thing that is not a regular file. Never with `within`.
   */
  followLink?: boolean | undefined;
  /** What svc was about to do with the path, for the message (default `read`). */
  use?: OutputPathError['use'] | undefined;
}

/** A regular file found by `ownFile`: its path (a followed link's target) and what lstat said. */
export interface OwnFile {
  path: string;
  stats: Stats;
}

/** What `st` is, in words for a message. */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

const isMissing = (e: unknown): boolean => (e as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The one rule for a path svc reads or replaces (a run's files and its lock, the saved keys and
 * their lock, every output): it does not exist yet, or it is a regular file, as svc writes them.
 * A FIFO, socket, device or folder put there by someone else is refused by name before anything
 * opens it: opening a FIFO to read waits for a writer for ever (and wakes one that waits for a
 * reader), a device never ends, and renaming over one destroys it. Only lstat looks at the path,
 * which never opens it nor follows a link (except, with `followLink`, a link at the path itself,
 * whose target is then checked the same way).
 * @returns the regular file, or undefined when nothing is there
 * @throws OutputPathError naming the path and what it is
 * @throws OutputLinkError with `within`, naming a link below that folder
 * @throws OutputWriteError for a system error other than "missing" (EACCES, ...)
 */
export async function ownFile(path: string, options: OwnFileOptions = {}): Promise<OwnFile | undefined> {
  const use = options.use ?? 'read';
  // Below `within`, the path itself was the last thing refuseLinks looked at: its answer is used, not asked again.
  const seen = options.within !== undefined ? await refuseLinks(options.within, path) : undefined;
  let st = seen === undefined ? lstatOrMissing(path) : (seen ?? undefined);
  if (!st) return undefined;
  if (st.isFile()) return { path, stats: st };
  if (!st.isSymbolicLink() || !options.followLink || options.within !== undefined) throw new OutputPathError(path, kindOf(st), use);
  let target: string;
  try {
    target = await realpath(path);
    st = await stat(target);
  } catch (e) {
    if (isMissing(e)) throw new OutputPathError(path, 'a symbolic link to nothing', use);
    throw OutputWriteError.from(path, e);
  }
  if (!st.isFile()) throw new OutputPathError(path, `a symbolic link to ${kindOf(st)}`, use);
  return { path: target, stats: st };
}

/** Never wait in open(2) (a FIFO swapped in after the check), never follow a link, never take a terminal. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Reads a file under the one rule (`ownFile`): a missing file is undefined; anything but a
 * regular file is refused before it is opened. The open itself neither follows a link nor waits,
 * and the open file must still be a regular file, so something swapped in between the check and
 * the open is refused too, unread. (Another regular file swapped in, a lock let go and taken
 * again, is simply what is there now.) `stats` are the open file's.
 * @throws as `ownFile`
 */
export async function readOwnFile(path: string, options: OwnFileOptions = {}): Promise<{ bytes: Buffer; stats: Stats } | undefined> {
  const found = await ownFile(path, options);
  if (!found) return undefined;
  let fh;
  try {
    fh = await open(found.path, READ_FLAGS);
  } catch (e) {
    if (isMissing(e)) return undefined;
    // O_NOFOLLOW on a link planted after the check.
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new OutputPathError(path, 'a symbolic link', options.use ?? 'read');
    throw e;
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new OutputPathError(path, kindOf(st), options.use ?? 'read');
    return { bytes: await fh.readFile(), stats: st };
  } finally {
    await fh.close();
  }
}
