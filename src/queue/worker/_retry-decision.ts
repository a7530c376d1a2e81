import { isRetryableStatus } from '../../client/index.js';
import type { OrgOutcome, PartOutcome } from '../../runner/manifest/index.js';

/**
 * Whether a failed outcome is worth another attempt on the queue: a server error, a timeout,
 * a lost connection or a failed write may pass; an answer the service gives on purpose (a final
 * 4xx such as 401 or 404) or a missing token will not. 403 and 409 never get here: the runner
 * skips those parts, so their job completes. Status codes as the client decides them.
 */
export function isTransientFailure(outcome: OrgOutcome | PartOutcome): boolean {
  if ('part' in outcome) return outcome.status === 'failed' && transientStatus(outcome.http_status);
  if (outcome.status === 'interrupted') return true;
  if (outcome.status !== 'failed') return false;
  // Failed before any part ran: the token variable is not set here, or the client refused its settings.
  if (outcome.parts.length === 0) return false;
  return outcome.parts.some((p) => p.status === 'failed' && transientStatus(p.http_status));
}

function transientStatus(status: number | undefined): boolean {
  return status === undefined || isRetryableStatus(status);
}
