import { SvcError } from '../../core/index.js';
/** Thrown by the `--all` forms (`auth fields --all`, `usage --all`) when no key is saved. */
export class NoSavedKeysError extends SvcError {
  override readonly name = 'NoSavedKeysError';
  readonly hint = 'run "svc auth login" (SVC_API_KEY is not a saved key)';
  constructor() {
    super('no saved keys');
  }
}
