import { SvcError } from '../../core/index.js';
/** Thrown when the npm registry cannot say which release is the latest (network, status, or record). */
export class UpdateCheckError extends SvcError {
  override readonly name = 'UpdateCheckError';
}
