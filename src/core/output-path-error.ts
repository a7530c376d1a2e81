import { SvcError } from './svc-error.js';

/**
 * Thrown before anything is written when an output path exists and is not a regular file (a
 * folder, a FIFO, a device, a socket) or is a symbolic link to nothing. Such a path is never
 * replaced: renaming a file over `/dev/null` or a FIFO would destroy it. `kind` says what it is.
 * The CLI turns it into a usage error naming the flag (`-o -` is how to write to stdout).
 */
export class OutputPathError extends SvcError {
  override readonly name = 'OutputPathError';
  constructor(
    readonly path: string,
    /** e.g. "a folder", "a FIFO (named pipe)", "a character device". */
    readonly kind: string,
  ) {
    super(`cannot write ${path}: it is ${kind}, not a regular file`);
  }
}
