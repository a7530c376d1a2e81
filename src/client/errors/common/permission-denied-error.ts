import { ApiError } from './api-error.js';

/**
 * Why a 403 refused: `not_shared` (the service withholds this from the organization), `wrong_token`
 * (the token is another organization's, a partner's where an organization's belongs, or no partner
 * token), `no_organization` (an API key of no organization), `unknown` (the body said nothing the
 * client knows).
 */
export type DeniedKind = 'not_shared' | 'wrong_token' | 'no_organization' | 'unknown';

/**
 * Thrown on HTTP 403 (other than the edge proxy's 1010): the token may not see this, because it
 * belongs to another organization, the data is not shared with the organization, or the caller is
 * not a partner. The message says which, as far as the service's answer tells.
 */
export class PermissionDeniedError extends ApiError {
  override readonly name = 'PermissionDeniedError';
  constructor(
    endpoint: string,
    reason: string,
    hint?: string,
    /** Which refusal, as far as the service's answer tells (a month end skips `not_shared` and fails `wrong_token`). */
    readonly kind: DeniedKind = 'unknown',
  ) {
    super(reason, 403, endpoint, hint);
  }
}
