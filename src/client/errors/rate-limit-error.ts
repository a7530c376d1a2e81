import { ApiError } from './common/api-error.js';

/** Thrown on HTTP 429 once the retries are used up (or the service asks for too long a wait). */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError';
  constructor(endpoint: string, readonly retryAfterMs: number | undefined) {
    super(
      'the service is rate limiting this client',
      429,
      endpoint,
      retryAfterMs === undefined ? 'wait a little and try again' : `try again in ${Math.ceil(retryAfterMs / 1000)} s`,
    );
  }
}
