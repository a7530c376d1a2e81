import { ApiError } from '../../client/errors/api-error.js';

/**
 * Thrown by the key commands when no answer came from the gateway (refused, reset, DNS, after the
 * retries): same message as the client's ConnectionError, with a hint naming SVC_GATEWAY_URL.
 */
export class GatewayUnreachableError extends ApiError {
  override readonly name = 'GatewayUnreachableError';
  constructor(cause: ApiError) {
    super(cause.message, undefined, cause.endpoint, 'check SVC_GATEWAY_URL and the network', { cause });
  }
}
