import { SvcError } from '../../core/index.js';
/** Thrown by `svc auth login` when the service does not accept the key (401 or 403); nothing is saved. */
export class LoginRejectedError extends SvcError {
  override readonly name = 'LoginRejectedError';
  constructor(
    message: string,
    readonly status: number,
    readonly hint?: string,
  ) {
    super(message);
  }
}
