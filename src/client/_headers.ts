import { escapeControls } from '../core/index.js';
import { ConfigurationError } from './errors/common/configuration-error.js';
import { InvalidRequestError } from './errors/invalid-request-error.js';

/** A `content-encoding` other than identity (the body is compressed), or undefined. */
export function contentEncodingOf(value: string | string[] | undefined): string | undefined {
  const v = (Array.isArray(value) ? value.join(', ') : value)?.trim().toLowerCase();
  return v && v !== 'identity' ? escapeControls(v.slice(0, 40)) : undefined;
}

/** What an HTTP header value cannot carry: a control character (line breaks included) or one past U+00FF (as undici checks). */
const NOT_IN_A_HEADER = /[^\t\x20-\x7e\x80-\xff]/u;

/**
 * The token and the user agent, checked before any request against what a header can carry:
 * undici would refuse each request with UND_ERR_INVALID_ARG. The token's character is named by
 * its position and code, never quoted with the token around it.
 * @throws ConfigurationError naming the credential; InvalidRequestError for the user agent
 */
export function checkHeaderValues(token: string, credential: string, userAgent: string): void {
  const bad = NOT_IN_A_HEADER.exec(token);
  if (bad) {
    const code = `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new ConfigurationError(`the ${credential} holds a character an HTTP header cannot carry (${code}, character ${[...token.slice(0, bad.index)].length + 1}), so it cannot be sent`, 'set it to the token exactly as it was issued, on one line');
  }
  if (NOT_IN_A_HEADER.test(userAgent)) throw new InvalidRequestError('userAgent', 'holds a line break, a control character or one past U+00FF, which an HTTP header cannot carry');
}

export function contentLengthOf(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v !== undefined && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : undefined;
}
