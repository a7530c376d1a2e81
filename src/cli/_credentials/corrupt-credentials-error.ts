import { SvcError } from '../../core/index.js';
/**
 * Thrown when `credentials.json` is not valid JSON or not the expected shape. Commands that
 * would write the file refuse too, so a damaged file is never overwritten silently.
 */
export class CorruptCredentialsError extends SvcError {
  override readonly name = 'CorruptCredentialsError';
  readonly hint: string;
  constructor(readonly path: string, reason: string) {
    super(`credentials file ${path} is damaged: ${reason}`);
    this.hint = `fix it by hand, or move it away and run "svc auth login" again`;
  }
}
