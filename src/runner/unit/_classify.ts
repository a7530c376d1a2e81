import { isSvcError } from '../../core/index.js';
import { isSystemError, systemErrorText } from '../../core/index.js';

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
 * A 403 that says the token is not this organization's (another organization's, or a partner's):
 * the config's wiring, which only the operator can fix, never the service's sharing.
 */
const WIRING = /another organi[sz]ation|partner token|not a partner/i;

/**
 * 403 (not shared) and 409 (setup needs attention) are the service's answer for this
 * organization, not a fault of the run: the part is skipped with the reason. A 403 for a token
 * of another organization is a refused token (runner/README.md: `failed`), so the run exits 1
 * and a cron job notices the wiring; anything else fails the part too. Duck-typed on `status`
 * so any client works.
 */
export function classifyError(e: unknown, tokenEnv?: string): Classified {
  const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : undefined;
  // The client names its own default variable; in a run the token came from the config's.
  const message = status === 401 && tokenEnv ? `the token in ${tokenEnv} was refused (missing, unknown, expired or revoked)` : messageOf(e);
  const reason = status ? `${status}: ${message}` : message;
  if ((status === 403 && !WIRING.test(message)) || status === 409) return { status: 'skipped', reason, http_status: status };
  return { status: 'failed', reason, ...(status ? { http_status: status } : {}) };
}
