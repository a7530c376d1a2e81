import { ApiError } from './errors/common/api-error.js';
import { statusFirst } from './errors/with-status.js';
import { keepResponse } from './errors/_response-info.js';
import { NO_SECRETS } from './errors/_error-body.js';

/**
 * Thrown by `GatewayClient.search` when the search endpoint answers with an error status or a
 * redirect (never followed: the cause is a RedirectError): the
 * message always names the HTTP status, once (the spec asks for it; the bodies are "not shown").
 * The body, headers and request id of the answer are kept as on the cause.
 */
export class SearchFailedError extends ApiError {
  override readonly name = 'SearchFailedError';
  constructor(cause: ApiError) {
    super(cause.status === undefined ? `search failed: ${cause.message}` : statusFirst('search failed', cause.message, cause.status), cause.status, cause.endpoint, cause.hint, { cause });
    keepResponse(this, cause.headers, cause.body, NO_SECRETS);
  }
}
