import type { CommandIO, ParsedArgs } from '../_command.js';
import { bool } from '../_args.js';
import { GatewayClient } from '../../client/gateway-client.js';
import { ApiError } from '../../client/errors/api-error.js';
import { SearchFailedError } from '../../client/search-failed-error.js';
import type { ResolvedKey } from '../_credentials/index.js';
import { KeyRefusedError } from './key-refused-error.js';

/** The gateway client for one key, from SVC_GATEWAY_URL; requests are logged (key masked) with SVC_DEBUG. */
export function clientFor(io: CommandIO, apiKey: string): GatewayClient {
  const debug = io.env.SVC_DEBUG ? (line: string) => io.stderr.write(line + '\n') : undefined;
  return new GatewayClient({ apiKey, env: io.env, ...(debug ? { logger: debug } : {}) });
}

/** The `--verbose` flag every key-using command has: say which key it uses and why. */
export const verboseOption = {
  verbose: { type: 'boolean', short: 'v', description: 'say which key is used and why (on stderr)' },
} as const;

/** Prints which key and why when `--verbose` is given. */
export function announceKey(io: CommandIO, args: ParsedArgs, key: ResolvedKey): void {
  if (bool(args, 'verbose')) io.stderr.write(`Using key ${key.masked}: ${key.why}.\n`);
}

/** Adds which key was refused, and why it was chosen, to a 401, so the user knows what to fix. */
export function explainKeyError(e: unknown, key: ResolvedKey): unknown {
  if (e instanceof ApiError && e.status === 401) {
    const prefix = e instanceof SearchFailedError ? 'search failed with HTTP 401: ' : '';
    const hint = key.source === 'env' ? 'check or unset SVC_API_KEY' : `run "svc auth login${key.profile && key.profile !== 'default' ? ` --profile ${key.profile}` : ''}" with a valid key`;
    return new KeyRefusedError(`${prefix}the service refused the API key ${key.masked} (HTTP 401), used because ${key.why}`, hint);
  }
  return e;
}
