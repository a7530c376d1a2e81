import { SvcError } from '../../core/index.js';
/**
 * Thrown on Linux and macOS when the folder holding `credentials.json` can be written by other
 * users: they could replace the file (rename over it) with keys of their choosing.
 */
export class InsecureConfigDirError extends SvcError {
  override readonly name = 'InsecureConfigDirError';
  readonly hint: string;
  constructor(readonly path: string, mode: number) {
    super(`config folder ${path} can be written by other users (mode ${(mode & 0o7777).toString(8).padStart(4, '0')})`);
    this.hint = `run: chmod 700 '${path.replace(/'/g, `'\\''`)}'`;
  }
}
