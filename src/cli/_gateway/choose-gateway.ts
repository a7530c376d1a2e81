import type { CommandIO, ParsedArgs } from '../_program/command.js';
import { str } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { shownUrl } from '../../core/index.js';

/** The gateway URL a saved key was saved with (by `svc auth login`), from its profile. */
export interface SavedGateway {
  profile: string;
  gateway_url?: string | undefined;
  saved_at?: string | undefined;
}

/** The gateway a key command talks to, where that came from, and one line saying so. */
export interface GatewayChoice {
  url: string;
  source: 'flag' | 'env' | 'profile' | 'prompt';
  /** e.g. `from the environment variable SVC_GATEWAY_URL`; never holds a key. */
  why: string;
}

/** The `--gateway-url` flag of the key commands. */
export const gatewayOption = {
  'gateway-url': { type: 'string', valueName: 'URL', description: 'the gateway (else SVC_GATEWAY_URL, else the URL saved with the key)' },
} as const;

/**
 * `url` when it is an http(s) URL without a user name or password (which the client refuses: the
 * key goes in its header, never in a URL); a UsageError naming `what` (the flag, or the prompt)
 * otherwise, the URL quoted with its password masked.
 * @throws UsageError
 */
export function checkedGatewayUrl(url: string, what = '--gateway-url'): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new UsageError(`${what}: expected an http:// or https:// URL (got "${shownUrl(url)}")`);
  if (parsed.username || parsed.password) {
    throw new UsageError(`${what}: must not contain a user name or password; the key goes in SVC_API_KEY or "svc auth login" (got "${shownUrl(url)}")`);
  }
  return url;
}

/**
 * Which gateway: `--gateway-url`, else SVC_GATEWAY_URL, else the URL saved with the key's
 * profile when it was logged in (so a key saved while the variable was set keeps working
 * without it), else none (undefined: the client then says to set SVC_GATEWAY_URL). A key from
 * SVC_API_KEY has no profile, so only the flag or the variable apply to it.
 * @throws UsageError for a `--gateway-url` that is not an http(s) URL
 */
export function chooseGateway(io: CommandIO, args: ParsedArgs | undefined, saved: SavedGateway | undefined): GatewayChoice | undefined {
  const flag = args ? str(args, 'gateway-url')?.trim() : undefined;
  if (flag) return { url: checkedGatewayUrl(flag), source: 'flag', why: 'from --gateway-url' };
  const env = io.env.SVC_GATEWAY_URL?.trim();
  if (env) return { url: env, source: 'env', why: 'from the environment variable SVC_GATEWAY_URL' };
  if (saved?.gateway_url) {
    const on = saved.saved_at ? ` on ${saved.saved_at.slice(0, 10)}` : '';
    return { url: saved.gateway_url, source: 'profile', why: `saved with profile "${saved.profile}"${on}` };
  }
  return undefined;
}
