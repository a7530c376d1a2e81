import { ApiError } from './common/api-error.js';

/**
 * Thrown when a 2xx response is not what the spec promises: not JSON, or a field of the wrong
 * type or missing. `path` names the first bad field (e.g. `keys[0].spend_usd`). The message says
 * that the service answered and this client cannot read the answer, rather than that a request
 * failed, and never names the (successful) HTTP status.
 */
export class ResponseSchemaError extends ApiError {
  override readonly name = 'ResponseSchemaError';
  constructor(
    endpoint: string,
    readonly path: string,
    readonly reason: string,
    status: number,
    /** e.g. "the gateway"; "the service" when omitted. */
    service = 'the service',
  ) {
    super(
      `${service} sent an answer this client cannot read (${endpoint}): field ${path}: ${reason}`,
      status,
      endpoint,
      'the service sent data this client does not understand; report it to the service',
    );
  }
}
