import { ApiError } from './errors/api-error.js';

/**
 * Thrown by `GatewayClient.search` when the search endpoint answers with an error status: the
 * message always names the HTTP status (the spec asks for it; the bodies are "not shown").
 */
export class SearchFailedError extends ApiError {
  override readonly name = 'SearchFailedError';
  constructor(cause: ApiError) {
    super(`search failed with HTTP ${cause.status}: ${cause.message}`, cause.status, cause.endpoint, cause.hint, { cause });
  }
}
