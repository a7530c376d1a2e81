import { ApiError } from './common/api-error.js';

/**
 * Thrown when the connection failed and the retries are used up: no HTTP answer arrived
 * (refused, reset, DNS failure), or, with `afterAnswer`, the answer broke off while its body
 * was being read (the message then says so rather than that the service could not be reached).
 */
export class ConnectionError extends ApiError {
  override readonly name = 'ConnectionError';
  /** True when the service answered and the connection broke while the body was read. */
  readonly afterAnswer: boolean;
  constructor(endpoint: string, origin: string, code: string | undefined, options: { afterAnswer?: boolean; service?: string; urlSetting?: string | undefined } = {}) {
    const why = code ? ` (${code})` : '';
    const service = options.service ?? 'the service';
    super(
      options.afterAnswer ? `the answer from ${origin} broke off before it was complete${why}` : `could not reach ${service} at ${origin}${why}`,
      undefined,
      endpoint,
      options.afterAnswer ? 'try again; if it keeps happening, the service or a proxy is cutting answers short' : `check ${options.urlSetting ?? 'the base URL'} and the network`,
    );
    this.afterAnswer = options.afterAnswer === true;
  }
}
