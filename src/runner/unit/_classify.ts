import { isSvcError } from '../../core/index.js';
import { isSystemError, systemErrorText } from '../../core/index.js';
import { CredentialInResponseError } from '../../client/errors/index.js';
import { TokenInAnswerError } from './token-in-answer-error.js';
import { RUN_TOKENS_CREDENTIAL } from './run-secrets.js';

/** How an error from one part of an organization's run counts. */
export interface Classified {
  status: 'skipped' | 'failed';
  reason: string;
  http_status?: number;
}

/** An error's message for a person: a system call's own error (EROFS, ENOTDIR …) in svc's words, naming the path. */
export function messageOf(e: unknown): string {
  return isSystemError(e) && !isSvcError(e) ? systemErrorText(e) : e instanceof Error ? e.message : String(e);
}

/**
 * ` (GET /api/orgs/…/monthly-usage)` for a failure of the service (5xx, 408, 429) whose message
 * does not say which request it was: "the service failed to answer (HTTP 500)" alone left an
 * operator guessing which of an organization's five requests failed (an outside review).
 */
function requestOf(e: unknown, status: number, message: string): string {
  const endpoint = (e as { endpoint?: unknown })?.endpoint;
  if (typeof endpoint !== 'string' || !(status >= 500 || status === 408 || status === 429)) return '';
  const path = endpoint.slice(endpoint.indexOf(' ') + 1);
  return message.includes(path) ? '' : ` (${endpoint})`;
}

/**
 * 403 (not shared) and 409 (setup needs attention) are the service's answer for this
 * organization, not a fault of the run: the part is skipped with the reason. A 403 whose body
 * said the token is not this organization's (PermissionDeniedError's `kind` `wrong_token`:
 * another organization's, or a partner's) is the config's wiring, a refused token
 * (runner/README.md: `failed`), so the run exits 1 and a cron job notices; a 403 whose body said
 * nothing the client knows stays a skip, as the spec's most common 403. Anything else fails the
 * part too. Duck-typed on `status` and `kind` so any client works. The client's refusal of an
 * answer that held the unit's token (CredentialInResponseError) is said as the unit's own
 * (TokenInAnswerError), naming the config's variable rather than the client's default one.
 */
export function classifyError(error: unknown, tokenEnv?: string): Classified {
  const e = error instanceof CredentialInResponseError && tokenEnv ? new TokenInAnswerError(error.endpoint, tokenEnv, error.credential === RUN_TOKENS_CREDENTIAL ? 'run' : 'unit') : error;
  const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : undefined;
  // The client names its own default variable; in a run the token came from the config's.
  const message = status === 401 && tokenEnv ? `the token in ${tokenEnv} was refused (missing, unknown, expired or revoked)` : messageOf(e);
  const reason = status ? `${status}: ${message}${requestOf(e, status, message)}` : message;
  const wiring = (e as { kind?: unknown })?.kind === 'wrong_token';
  if ((status === 403 && !wiring) || status === 409) return { status: 'skipped', reason, http_status: status };
  return { status: 'failed', reason, ...(status ? { http_status: status } : {}) };
}
