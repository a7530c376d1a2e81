import { SvcError } from '../../core/index.js';

/**
 * Thrown when the config folder cannot be read or made: it is a file, under a file, in a place
 * where no folder can be made (`/proc`), or not permitted. The message names the variable that
 * chose the folder (`SVC_CONFIG_DIR`, `XDG_CONFIG_HOME`) so the user knows what to change.
 */
export class ConfigDirError extends SvcError {
  override readonly name = 'ConfigDirError';
  readonly hint: string;
  constructor(readonly path: string, readonly variable: string | undefined, readonly code: string) {
    const why = code === 'ENOTDIR' ? 'it (or a folder above it) is a file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'no folder can be made there' : 'the system refused it';
    super(`the config folder ${path}${variable ? ` (from ${variable})` : ''} cannot be used: ${why} (${code})`);
    this.hint = variable ? `set ${variable} to a folder you can write, or unset it` : 'check the folder and its permissions';
  }

  /** `e` as a ConfigDirError when it is the system's error about the folder or its files; otherwise `e`. */
  static from(e: unknown, path: string, variable: string | undefined): unknown {
    const sys = e as NodeJS.ErrnoException;
    return e instanceof Error && !(e instanceof SvcError) && typeof sys.code === 'string' && typeof sys.syscall === 'string' ? new ConfigDirError(path, variable, sys.code) : e;
  }
}
