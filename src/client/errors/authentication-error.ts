import { ApiError } from './common/api-error.js';

/** Thrown on HTTP 401: the token or API key is missing, unknown, expired or revoked. */
export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
  constructor(endpoint: string, credential: string) {
    super(
      `the ${credential} was refused (missing, unknown, expired or revoked)`,
      401,
      endpoint,
      'check its value, or create a new one in the dashboard',
    );
  }
}
