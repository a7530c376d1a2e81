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
    // Not JSON, or JSON cut off: the pipeline reads at most 64 KiB of an error body.
    const cut = cutJsonObject(body);
    if (cut) return { code: cut.code === undefined ? undefined : sanitizeText(cut.code, secrets), text: sanitizeText(cut.message ?? cut.code ?? '', secrets), fromJson: true };
  }
  return { code: undefined, text: sanitizeText(body, secrets), fromJson: false };
}

/** A JSON object's string member at its start level (`"error": "…"`) as far as the text goes. */
const LEADING_STRING = /"(error|message)"\s*:\s*"((?:[^"\\]|\\.)*)"/gy;
/** What may come between an object's members: the opening brace or a comma, and spaces. */
const BETWEEN = /[\s{,]*/y;

/**
 * The reference server's `{"error": code, "message": text}` read from an error body cut off at
 * the size the pipeline reads (an outside review: a 70 KB message lost `code`, and the message was
 * the JSON's raw text). Only members written first, as strings, before anything else: what a
 * proper parse of the whole would have given them. Undefined when the text starts otherwise.
 */
function cutJsonObject(body: string): { code?: string; message?: string } | undefined {
  if (!/^\s*\{/.test(body)) return undefined;
  const out: { code?: string; message?: string } = {};
  let at = 0;
  for (;;) {
    BETWEEN.lastIndex = at;
    BETWEEN.exec(body);
    LEADING_STRING.lastIndex = BETWEEN.lastIndex;
    const m = LEADING_STRING.exec(body);
    if (!m) break;
    let value: string;
    try {
      value = JSON.parse(`"${m[2]!}"`) as string;
    } catch {
      break;
    }
    if (m[1] === 'error') out.code ??= value;
    else out.message ??= value;
    at = LEADING_STRING.lastIndex;
  }
  return out.code === undefined && out.message === undefined ? undefined : out;
}
