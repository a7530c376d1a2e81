import { ApiError, type ConnectionError } from '../../client/errors/index.js';

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

/**
 * A connection failure of the key commands, in their words: no answer at all gets the hint naming
 * where the gateway URL came from; an answer that broke off while its body was read (`afterAnswer`)
 * stays the client's error, since the gateway was reached and its URL is right, and "check
 * SVC_GATEWAY_URL" would send a person after the wrong thing.
 */
export function gatewayConnectionError(e: ConnectionError, gateway?: { source: string; why: string }): ApiError {
  return e.afterAnswer ? e : new GatewayUnreachableError(e, gateway);
}
