import { ApiError } from './common/api-error.js';

/** Thrown on HTTP 409: the organization's setup needs attention on the service's side (nothing to fix locally). */
export class SetupNeedsAttentionError extends ApiError {
  override readonly name = 'SetupNeedsAttentionError';
  constructor(endpoint: string) {
    super(
      "the organization's setup needs attention on the service's side",
      409,
      endpoint,
      "contact the service's support; retrying will not help until they fix it",
    );
  }
}
