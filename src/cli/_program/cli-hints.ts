import { ConfigurationError } from '../../client/errors/common/index.js';
import { NotFoundError } from '../../client/errors/common/index.js';
import { PermissionDeniedError } from '../../client/errors/common/index.js';
import { TimeoutError } from '../../client/errors/common/index.js';
import { ApiError } from '../../client/errors/common/index.js';
import { ORG_HINT } from '../../client/errors/common/index.js';
import { RunLockedError } from '../../runner/options/index.js';
import { OutputFolderMissingError } from '../../queue/errors/common/index.js';
import { QueueUnavailableError, REDIS_WAIT_HINT } from '../../queue/errors/common/index.js';
import { TIMEOUT_HINT } from './timeout.js';

// The library's hints speak of its options (orgId, baseUrl, outDir, timeoutMs) and never of the
// command line; on the command line the same advice names the flag or command instead.

const BASE_URL_HINTS: Record<string, string> = {
  'e.g. SVC_BASE_URL=https://reporting.example.com, or the baseUrl option': 'e.g. SVC_BASE_URL=https://reporting.example.com, or --base-url',
  'fix SVC_BASE_URL or the baseUrl option, e.g. https://reporting.example.com': 'fix SVC_BASE_URL or --base-url, e.g. https://reporting.example.com',
};

/** The CLI's message for `e` where the library's names the queue's URL (`queue: …`): its flag, `--queue: …`; undefined to keep the error's own. */
export function cliMessage(e: Error): string | undefined {
  return e.name === 'QueueDatabaseError' && e.message.startsWith('queue: ') ? `--${e.message}` : undefined;
}

/** The CLI's hint for `e` where the library's names an option; undefined to keep the error's own. */
export function cliHint(e: Error): string | undefined {
  if (e instanceof TimeoutError) return TIMEOUT_HINT;
  if (e instanceof ConfigurationError && e.hint !== undefined) {
    if (e.setting === 'SVC_BASE_URL') return BASE_URL_HINTS[e.hint];
    if (e.setting === 'SVC_ORG_ID') return e.hint.replace('the orgId option', '--org');
    if (e.setting === 'SVC_API_KEY') return 'or save one with "svc auth login"';
    if (e.setting === 'SVC_GATEWAY_URL' && e.hint === 'e.g. SVC_GATEWAY_URL=https://gateway.example.com') return 'e.g. SVC_GATEWAY_URL=https://gateway.example.com, or --gateway-url URL';
  }
  if (e instanceof PermissionDeniedError && e.hint === ORG_HINT) return 'check that SVC_ORG_ID (or --org) is the organization the token was created in';
  // A doubled path's 404 and a redirect name where the URL is set: on the command line, the flag.
  if ((e instanceof NotFoundError && e.hint?.startsWith('the base URL ends in')) || (e instanceof ApiError && e.name === 'RedirectError' && e.hint)) {
    return e.hint.replace('the gatewayUrl option', '--gateway-url or the URL saved with the key').replace('the baseUrl option', '--base-url');
  }
  if (e instanceof NotFoundError && /\/invoices\//.test(e.endpoint)) return 'list the organization\'s invoices with "svc invoices list"';
  if (e instanceof RunLockedError) return 'wait for the other run to finish, or use another --out folder';
  if (e instanceof OutputFolderMissingError) return 'mount the shared output folder on this machine, and give its path with --out if it differs from the coordinator\'s';
  if (e instanceof QueueUnavailableError && e.hint === REDIS_WAIT_HINT) return 'is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS';
  return undefined;
}
