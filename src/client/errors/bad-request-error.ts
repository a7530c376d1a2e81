import { ApiError } from './api-error.js';

/** Thrown on HTTP 400: the service refused the request's parameters; `reason` is what its body says. */
export class BadRequestError extends ApiError {
  override readonly name = 'BadRequestError';
  constructor(endpoint: string, readonly reason: string) {
    super(`the service refused the request: ${reason}`, 400, endpoint, 'check the flags or parameters named above');
  }
}
