import { InvalidRequestError } from './errors/invalid-request-error.js';
import { withoutSecrets } from './errors/_error-body.js';
import type { SecretFragments } from '../core/index.js';

/**
 * `value` as a message quotes it back to the caller, the token (`token`: its fragments, the
 * client's public values left out) masked: a token passed where an id, a date or a currency
 * belongs is never echoed into an error (and from there into a log).
 */
export function quotedWithoutToken(value: unknown, token: SecretFragments): string {
  return withoutSecrets(String(JSON.stringify(value)), token);
}

/** `check()`, an InvalidRequestError it throws quoting the token (or a piece of it) made again with the token masked. */
export function checkedWithoutToken<T>(token: SecretFragments, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof InvalidRequestError && token.has(e.message)) throw new InvalidRequestError(e.field, withoutSecrets(e.reason, token));
    throw e;
  }
}
