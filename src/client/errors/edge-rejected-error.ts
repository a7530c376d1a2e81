import { ApiError } from './common/api-error.js';

/**
 * Thrown when the service's edge proxy answers 403 with `error code: 1010`: it refused the
 * request's User-Agent (missing or a library default).
 */
export class EdgeRejectedError extends ApiError {
  override readonly name = 'EdgeRejectedError';
  constructor(endpoint: string) {
    super(
      "the service's edge proxy rejected the request (error 1010: User-Agent refused)",
      403,
      endpoint,
      'send an explicit, descriptive User-Agent such as the default svc/<version>',
    );
  }
}
