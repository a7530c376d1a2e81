import { SvcError } from './svc-error.js';
import { isSystemError, systemReason } from './system-error.js';

/**
 * Thrown when an output file cannot be written (disk full, no permission, a read-only folder).
 * Whatever was at `path` before is left as it was, and no temp file remains. `code` is the
 * system's (`ENOSPC`, `EACCES`, ...).
 */
export class OutputWriteError extends SvcError {
  override readonly name = 'OutputWriteError';
  readonly code: string | undefined;
  readonly hint: string;

  constructor(
    readonly path: string,
    cause: NodeJS.ErrnoException,
  ) {
    // "ENOSPC: no space left on device, write" → "no space left on device (ENOSPC)".
    super(`cannot write ${path}: ${systemReason(cause)}${cause.code ? ` (${cause.code})` : ''}`, { cause });
    this.code = cause.code;
    this.hint = cause.code === 'ENOSPC' ? 'free some space or write elsewhere; any earlier file there is unchanged' : 'any earlier file there is unchanged';
  }

  /** `e` as an OutputWriteError for `path` when it is the system's error from writing it; otherwise `e`. */
  static from(path: string, e: unknown): unknown {
    const sys = e as NodeJS.ErrnoException;
    // A plain Error (not one of svc's classes, which name the file themselves). Node's synchronous
    // fs calls throw theirs with an extra prototype between (its constructor still Error).
    return isSystemError(e) && (e as { constructor?: unknown }).constructor === Error ? new OutputWriteError(path, sys) : e;
  }
}
