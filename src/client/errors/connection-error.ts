import { ApiError } from './api-error.js';

/** Thrown when no HTTP answer arrived (refused, reset, DNS failure) and the retries are used up. */
export class ConnectionError extends ApiError {
  override readonly name = 'ConnectionError';
  constructor(endpoint: string, origin: string, code: string | undefined) {
    super(
      `could not reach the service at ${origin}${code ? ` (${code})` : ''}`,
      undefined,
      endpoint,
      'check the base URL and the network',
    );
  }
}
