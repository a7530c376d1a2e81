import { SvcError } from '../../core/index.js';
/**
 * Thrown by `svc update` when this copy of svc is not a global npm install (a project
 * dependency, an npx run, a source checkout): `npm install -g` would install a second copy
 * instead of updating this one, so nothing is installed and the hint says what to run.
 */
export class UpdateElsewhereError extends SvcError {
  override readonly name = 'UpdateElsewhereError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}
