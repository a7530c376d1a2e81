import { ApiError } from './api-error.js';

/** Thrown when an attempt takes longer than its timeout and the retries are used up. */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError';
  constructor(endpoint: string, readonly timeoutMs: number) {
    super(`the service did not answer within ${timeoutMs} ms`, undefined, endpoint, 'try again, or allow more time');
  }
}
