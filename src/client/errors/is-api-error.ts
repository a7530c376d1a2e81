import { ApiError } from './common/api-error.js';

/** True for every error about a request to the service (an `ApiError` or one of its subclasses). */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
