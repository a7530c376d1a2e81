import { ApiError } from './common/api-error.js';

/** What to check after a 400: the parameter the service's reason names, or what the request sent. */
function hintFor(reason: string, sent: ReadonlyArray<readonly [string, string]>): string | undefined {
  const named = sent.filter(([name]) => new RegExp(`(^|[^a-z_])${name}([^a-z_]|$)`, 'i').test(reason)).map(([name]) => name);
  if (named.length) return `check ${named.join(' and ')}`;
  if (sent.length) return `the request sent ${sent.map(([k, v]) => `${k}=${v}`).join(', ')}`;
  return undefined;
}

/**
 * Thrown on HTTP 400: the service refused the request's parameters; `reason` is what its body
 * says. The hint names the parameter the reason is about, or the parameters sent when it names none.
 */
export class BadRequestError extends ApiError {
  override readonly name = 'BadRequestError';
  constructor(endpoint: string, readonly reason: string, sent: ReadonlyArray<readonly [string, string]> = []) {
    super(`the service refused the request: ${reason}`, 400, endpoint, hintFor(reason, sent));
  }
}
