import { SecretFragments, visibleText } from '../../core/index.js';

/** The parts of an error response body the client uses: the service's code and a safe one-line reason. */
export interface ErrorBodyInfo {
  code: string | undefined;
  /** Printable, one line, at most 300 characters, secrets removed; '' when the body said nothing. */
  text: string;
  /** Whether `text` is a JSON body's own message (or code), not a body read as plain text (a proxy's HTML page). */
  fromJson: boolean;
}

/** No secret: for an error that quotes text already cleaned (SearchFailedError keeps its cause's). */
export const NO_SECRETS = new SecretFragments([]);

/**
 * `text` with each of `secrets` replaced by `***`: also a piece of one, in any case, but not a
 * public value the secret holds (SecretFragments: a service echoing the key without its prefix
 * echoes the key; an organization named in its own token is still named).
 */
export function withoutSecrets(text: string, secrets: SecretFragments): string {
  return secrets.mask(text);
}

/**
 * Text from the service is data: strip control characters (no terminal escapes), one line, bounded.
 * The secrets are looked for again once the invisible characters are gone: a token split by one
 * (a zero-width space, a NUL) would otherwise come out whole. A cut never halves a surrogate pair.
 */
export function sanitizeText(text: string, secrets: SecretFragments): string {
  const out = withoutSecrets(visibleText(withoutSecrets(text, secrets)), secrets).trim();
  if (out.length <= 300) return out;
  const end = (out.charCodeAt(296) & 0xfc00) === 0xd800 ? 296 : 297;
  return `${out.slice(0, end)}...`;
}

/**
 * Reads `{"error": code, "message": text}` (the reference server's shape), or LiteLLM's
 * `{"error": {"message", "type", "code"}}` (code: `error.code`, else `error.type`), or falls
 * back to the plain text.
 */
export function readErrorBody(body: string, secrets: SecretFragments): ErrorBodyInfo {
  try {
    const data: unknown = JSON.parse(body);
    if (data && typeof data === 'object') {
      const o = data as Record<string, unknown>;
      const inner = o.error && typeof o.error === 'object' ? (o.error as Record<string, unknown>) : undefined;
      const code = typeof o.error === 'string' ? o.error : [inner?.code, inner?.type].find((v): v is string => typeof v === 'string' && v !== '');
      const msg = [o.message, o.detail, o.reason, inner?.message]
        .find((v) => typeof v === 'string');
      return { code: code ? sanitizeText(code, secrets) : undefined, text: sanitizeText(msg ?? code ?? '', secrets), fromJson: true };
    }
  } catch {
    // not JSON: use the text itself
  }
  return { code: undefined, text: sanitizeText(body, secrets), fromJson: false };
}
