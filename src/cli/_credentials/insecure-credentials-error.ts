import { SvcError } from '../../core/index.js';
/**
 * Thrown on Linux and macOS when `credentials.json` can be read or written by other users:
 * the keys inside are not encrypted, so the file is refused until its mode is fixed.
 */
export class InsecureCredentialsError extends SvcError {
  override readonly name = 'InsecureCredentialsError';
  readonly hint: string;
  constructor(readonly path: string, mode: number) {
    super(`credentials file ${path} is readable by other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')})`);
    this.hint = `run: chmod 600 '${path.replace(/'/g, `'\\''`)}'`;
  }
}
