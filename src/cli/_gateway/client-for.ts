import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { GatewayClient } from '../../client/index.js';
import { ApiError } from '../../client/errors/index.js';
import { SearchFailedError } from '../../client/index.js';
import { resolveKey, type ResolvedKey } from '../_credentials/index.js';
import { blockedReason } from './blocked-reason.js';
import { KeyRefusedError } from './key-refused-error.js';
import { ConnectionError } from '../../client/errors/index.js';
import { gatewayConnectionError } from './gateway-unreachable-error.js';
import { statusFirst } from '../../client/errors/index.js';
import { clientWarnings } from '../_client/client-warnings.js';
import { chooseGateway, type GatewayChoice } from './choose-gateway.js';

/**
 * The gateway client for one key, at `gateway` (see chooseGateway); without one, the client
 * says to set SVC_GATEWAY_URL. One from SVC_GATEWAY_URL is left to the client to read, so its
 * messages about a bad URL name the variable. Requests are logged (key masked) with SVC_DEBUG.
 */
export function clientFor(io: CommandIO, apiKey: string, gateway: GatewayChoice | undefined): GatewayClient {
  const debug = io.env.SVC_DEBUG ? (line: string) => io.stderr.write(line + '\n') : undefined;
  return new GatewayClient({ apiKey, env: io.env, ...(gateway && gateway.source !== 'env' ? { gatewayUrl: gateway.url } : {}), ...(debug ? { logger: debug } : {}), onWarning: clientWarnings(io) });
}

/** The key a command uses (see resolveKey) and the gateway it uses it at (see chooseGateway). */
export interface KeyInUse extends ResolvedKey {
  gateway: GatewayChoice | undefined;
}

/** Resolves the key, then its gateway from `--gateway-url`, SVC_GATEWAY_URL or its profile. */
export async function keyInUse(io: CommandIO, args: ParsedArgs): Promise<KeyInUse> {
  const key = await resolveKey(io);
  return { ...key, gateway: chooseGateway(io, args, key.saved) };
}

/** Is the key blocked (monthly spend limit reached)? `/key/info` still answers for a blocked key. */
export async function blockedBecause(io: CommandIO, apiKey: string, gateway: GatewayChoice | undefined): Promise<string | undefined> {
  try {
    const { info } = await clientFor(io, apiKey, gateway).getKeyInfo({ timeoutMs: 5000 });
    return info.blocked ? blockedReason(info) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns a 401 for the key a command chose into a message that names the masked key, why it was
 * chosen, and, when the service says the key is blocked, its spend limit and when it works again.
 * A gateway that could not be reached gets a hint naming SVC_GATEWAY_URL; other errors come back unchanged.
 */
export async function explainKeyError(io: CommandIO, e: unknown, key: KeyInUse): Promise<unknown> {
  if (e instanceof ConnectionError) return gatewayConnectionError(e, key.gateway);
  if (!(e instanceof ApiError && e.status === 401)) return e;
  // A failed search names its status up front (the spec asks for it), and only there.
  const said = (text: string) => (e instanceof SearchFailedError ? statusFirst('search failed', text, 401) : text);
  const blocked = await blockedBecause(io, key.apiKey, key.gateway);
  if (blocked) {
    return new KeyRefusedError(said(`the API key ${key.masked} is ${blocked}; used because ${key.why}`), 'use another saved key, or ask the organization to raise the limit');
  }
  const hint = key.source === 'env' ? 'check or unset SVC_API_KEY' : `run "svc auth login${key.profile && key.profile !== 'default' ? ` --profile ${key.profile}` : ''}" with a valid key`;
  return new KeyRefusedError(said(`the service refused the API key ${key.masked} (HTTP 401), used because ${key.why}`), hint);
}

/** `promise`, with a 401 explained by `explainKeyError`. */
export function explained<T>(io: CommandIO, key: KeyInUse, promise: Promise<T>): Promise<T> {
  return promise.catch(async (e: unknown) => {
    throw await explainKeyError(io, e, key);
  });
}
