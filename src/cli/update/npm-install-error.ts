import { SvcError } from '../../core/index.js';
/** Thrown by `svc update` when `npm install -g` cannot be started or fails; svc stays as it was. */
export class NpmInstallError extends SvcError {
  override readonly name = 'NpmInstallError';
  constructor(
    message: string,
    readonly hint?: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
