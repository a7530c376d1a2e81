/**
 * The errors of system calls as Node throws them (`ENOTDIR: not a directory, stat '/x/2026-10'`),
 * put in this package's words: what could not be done to which path, why, and the system's
 * code. The one translation of such errors: the CLI's last resort (cli/_program/errors.ts) and
 * OutputWriteError use it, so a user never reads a raw `EROFS: …, mkdir '…'`.
 */

/** True for an error a system call threw: an Error carrying a string `code` and `syscall`. */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException & { code: string; syscall: string } {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && typeof (e as NodeJS.ErrnoException).syscall === 'string';
}

// Where the system's own words mislead: ENOTDIR is said of a path whose parent is a file.
const REASONS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  ENOENT: 'there is no such file or folder',
  EEXIST: 'it exists already',
};

/** Why, in words: `read-only file system`, `a part of the path is a file, not a folder`, … (without the code). */
export function systemReason(e: NodeJS.ErrnoException): string {
  return (e.code && REASONS[e.code]) ?? /^[A-Z]+: ([^,]+)/.exec(e.message)?.[1] ?? e.message;
}

const VERBS: Record<string, string> = {
  mkdir: 'make the folder', mkdtemp: 'make a folder in', rmdir: 'remove the folder', unlink: 'remove', rename: 'write',
  open: 'open', read: 'read', readdir: 'read the folder', readlink: 'read', write: 'write', copyfile: 'write',
  stat: 'use', lstat: 'use', fstat: 'use', access: 'use', realpath: 'use', chmod: 'write', fsync: 'write', ftruncate: 'write',
};

/** `cannot make the folder /out/2026-10: read-only file system (EROFS)`: one line naming the path. */
export function systemErrorText(e: NodeJS.ErrnoException & { syscall: string }): string {
  const verb = VERBS[e.syscall] ?? `${e.syscall}`;
  const where = e.path ? ` ${e.path}` : '';
  return `cannot ${verb}${where}: ${systemReason(e)}${e.code ? ` (${e.code})` : ''}`;
}
