import { ApiError } from '../../client/errors/index.js';

/**
 * Thrown by the key commands when no answer came from the gateway (refused, reset, DNS, after the
 * retries): same message as the client's ConnectionError, with a hint naming where the gateway
 * URL came from (`--gateway-url`, SVC_GATEWAY_URL, or the profile it was saved with).
 */
export class GatewayUnreachableError extends ApiError {
  override readonly name = 'GatewayUnreachableError';
  constructor(cause: ApiError, gateway?: { source: string; why: string }) {
    const where = gateway && gateway.source !== 'env' ? `the gateway URL (${gateway.why})` : 'SVC_GATEWAY_URL';
    super(cause.message, undefined, cause.endpoint, `check ${where} and the network`, { cause });
  }
}
