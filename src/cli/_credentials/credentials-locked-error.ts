import { SvcError } from '../../core/index.js';
/**
 * Thrown when another `svc` process keeps `credentials.json.lock` for more than a few seconds
 * while this one wants to change the saved keys; nothing is changed.
 */
export class CredentialsLockedError extends SvcError {
  override readonly name = 'CredentialsLockedError';
  readonly hint: string;
  constructor(readonly lockPath: string) {
    super(`another svc process is changing the saved keys (lock file ${lockPath}); nothing was changed`);
    this.hint = 'try again; if no other svc is running, delete the lock file';
  }
}
