import { ApiError } from './api-error.js';

/**
 * Thrown on HTTP 403 (other than the edge proxy's 1010): the token may not see this, because it
 * belongs to another organization, the data is not shared with the organization, or the caller is
 * not a partner. The message says which, as far as the service's answer tells.
 */
export class PermissionDeniedError extends ApiError {
  override readonly name = 'PermissionDeniedError';
  constructor(endpoint: string, reason: string, hint?: string) {
    super(reason, 403, endpoint, hint);
  }
}
