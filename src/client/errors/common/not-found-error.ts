import { ApiError } from './api-error.js';

/** Thrown on HTTP 404: the invoice (or path) does not exist for this organization. */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
  constructor(endpoint: string, what: string, hint?: string) {
    super(`${what} was not found`, 404, endpoint, hint);
  }
}
