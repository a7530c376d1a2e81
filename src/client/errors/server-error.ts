import { ApiError } from './common/api-error.js';

/** Thrown on HTTP 5xx (and 408) once the retries are used up. */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
  constructor(endpoint: string, status: number) {
    super(`the service failed to answer (HTTP ${status})`, status, endpoint, 'try again later');
  }
}
