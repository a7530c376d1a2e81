import { SvcError } from './svc-error.js';

const VERB = { read: 'read', write: 'write', lock: 'take the lock' } as const;

/**
 * Thrown before anything is opened, read or written when a path svc reads or replaces exists and
 * is not a regular file (a folder, a FIFO, a device, a socket, a symbolic link where none is
 * followed) or is a symbolic link to nothing: the one rule of `ownFile`. Such a path is never
 * opened (reading a FIFO waits for ever) nor replaced (renaming a file over `/dev/null` or a FIFO
 * would destroy it). `kind` says what it is, `use` what svc was about to do. The CLI turns it into
 * a usage error naming the flag when the path came from one (`-o -` is how to write to stdout).
 */
export class OutputPathError extends SvcError {
  override readonly name = 'OutputPathError';
  readonly hint = 'svc reads and replaces only regular files, and never opens or removes anything else: move it away and run again';
  constructor(
    readonly path: string,
    /** e.g. "a folder", "a FIFO (named pipe)", "a character device". */
    readonly kind: string,
    /** What svc was about to do with the path: read it, write (replace) it, or take a lock there. */
    readonly use: 'read' | 'write' | 'lock' = 'write',
  ) {
    super(`cannot ${VERB[use]} ${use === 'lock' ? 'at ' : ''}${path}: it is ${kind}, not a regular file`);
  }
}
