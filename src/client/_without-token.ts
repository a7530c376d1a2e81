import { InvalidRequestError } from './errors/invalid-request-error.js';

/**
 * `value` as a message quotes it back to the caller, `token` masked: a token passed where an id,
 * a date or a currency belongs is never echoed into an error (and from there into a log).
 */
export function quotedWithoutToken(value: unknown, token: string): string {
  return String(JSON.stringify(value)).split(token).join('***');
}

/** `check()`, an InvalidRequestError it throws quoting `token` made again with the token masked. */
export function checkedWithoutToken<T>(token: string, check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof InvalidRequestError && e.message.includes(token)) throw new InvalidRequestError(e.field, e.reason.split(token).join('***'));
    throw e;
  }
}
