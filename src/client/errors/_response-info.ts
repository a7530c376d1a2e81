import type { IncomingHttpHeaders } from 'node:http';
import { escapeControls, visibleText, type SecretFragments } from '../../core/index.js';
import type { ApiError } from './common/api-error.js';
import { readErrorBody, withoutSecrets } from './_error-body.js';

const BODY_LIMIT = 16 * 1024;
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'cf-ray'];

/** JSON's string escapes: `\uXXXX` and the short ones (`\/`, `\\`, `\"`, `\n`, …). */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const SHORT_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function clean(text: string, secrets: SecretFragments): string {
  const masked = withoutSecrets(text, secrets);
  // A token split by an invisible character (a zero-width space, or JSON's \u0000 for a NUL), or
  // written with JSON's escapes (`\/` for `/`, `\u0072` for `r`), is whole once those go: the
  // body is then kept decoded, the token replaced, rather than with the token between escapes.
  const visible = visibleText(masked.replace(JSON_ESCAPE, (_, hex: string | undefined, c: string | undefined) => (hex ? String.fromCharCode(parseInt(hex, 16)) : (SHORT_ESCAPES[c!] ?? c!))));
  const joined = withoutSecrets(visible, secrets);
  return escapeControls(joined === visible ? masked : joined, { keep: '\n\t' });
}

/**
 * Keeps on `error` what the service sent with it (ApiError's `code`, `body`, `headers`, `requestId`),
 * cleaned: the token replaced, control characters escaped, the body cut at 16 KiB. An error
 * that already holds an answer keeps the first one.
 */
export function keepResponse<E extends ApiError>(error: E, headers: IncomingHttpHeaders | undefined, body: string | undefined, secrets: SecretFragments): E {
  if (error.headers !== undefined || error.body !== undefined) return error;
  const target = error as { -readonly [K in 'body' | 'headers' | 'requestId' | 'code']: ApiError[K] };
  if (body !== undefined) {
    target.body = clean(body.length > BODY_LIMIT ? body.slice(0, BODY_LIMIT) : body, secrets);
    target.code = readErrorBody(body, secrets).code;
  }
  if (headers) {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || name === 'set-cookie') continue;
      kept[name] = clean(Array.isArray(value) ? value.join(', ') : value, secrets);
    }
    target.headers = kept;
    const id = REQUEST_ID_HEADERS.map((h) => kept[h]).find((v) => v !== undefined && v.trim() !== '');
    if (id !== undefined) target.requestId = id.trim().slice(0, 200);
  }
  return error;
}
