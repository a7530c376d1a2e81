import type { CommandIO } from '../_program/command.js';
import { withConfigDir } from './config-dir.js';
import { maskKey } from './mask.js';
import { NoKeyError } from './no-key-error.js';
import { findPin } from './pins.js';
import { loadCredentials } from './store.js';
import { UnknownProfileError } from './unknown-profile-error.js';
import { emptyCredentials, profileOf, type Credentials } from './schema.js';
import { usableKey } from './unusable-key-error.js';

/** The key a command uses and why: `SVC_API_KEY`, else the project pin, else the default. */
export interface ResolvedKey {
  apiKey: string;
  source: 'env' | 'pin' | 'default';
  /** Saved profile name; absent for SVC_API_KEY. */
  profile?: string;
  /** The pinned folder when source is `pin`. */
  folder?: string;
  /** One line for users, e.g. `SVC_API_KEY is set`. Never contains the key. */
  why: string;
  masked: string;
  /** The saved key's profile with the gateway URL saved with it (none for SVC_API_KEY). */
  saved?: { profile: string; gateway_url?: string | undefined; saved_at?: string | undefined };
}

/** Picks the key from credentials already loaded (pure). @throws NoKeyError, UnknownProfileError */
export function pickKey(credentials: Credentials, env: Record<string, string | undefined>, cwd: string): ResolvedKey {
  const fromEnv = env.SVC_API_KEY?.trim();
  if (fromEnv) return { apiKey: fromEnv, source: 'env', why: 'SVC_API_KEY is set', masked: maskKey(fromEnv) };
  const saved = Object.keys(credentials.profiles);
  const pin = findPin(credentials, cwd);
  if (pin) {
    const entry = profileOf(credentials, pin.profile);
    if (!entry) throw new UnknownProfileError(pin.profile, saved, `${pin.folder} is pinned, but `);
    return {
      apiKey: entry.api_key,
      source: 'pin',
      profile: pin.profile,
      folder: pin.folder,
      why: `project folder ${pin.folder} is pinned to "${pin.profile}"`,
      masked: maskKey(entry.api_key),
      saved: { profile: pin.profile, gateway_url: entry.gateway_url, saved_at: entry.saved_at },
    };
  }
  const name = credentials.default;
  const entry = name === null ? undefined : profileOf(credentials, name);
  if (name === null || !entry) throw new NoKeyError(saved.sort());
  return { apiKey: entry.api_key, source: 'default', profile: name, why: `"${name}" is the default saved key`, masked: maskKey(entry.api_key), saved: { profile: name, gateway_url: entry.gateway_url, saved_at: entry.saved_at } };
}

/**
 * Loads the credentials of `io` and picks the key; the env key wins without reading the file. A
 * key that holds a character no key has is refused here, naming where it came from, so no command
 * uses it or prints it (`auth token` included); `auth logout` picks with pickKey and can still
 * delete such a saved key.
 * @throws UnusableKeyError, and pickKey's errors
 */
export async function resolveKey(io: CommandIO): Promise<ResolvedKey> {
  const key = io.env.SVC_API_KEY?.trim() ? pickKey(emptyCredentials(), io.env, io.cwd) : pickKey(await withConfigDir(io.env, loadCredentials), io.env, io.cwd);
  if (key.source === 'env') usableKey(key.apiKey, 'SVC_API_KEY', 'set it to the key exactly as it was issued, on one line');
  else usableKey(key.apiKey, savedKeyName(key.profile!), savedKeyHint(key.profile!));
  return key;
}

/** How messages name a saved key: `the key saved as "work"`. */
export const savedKeyName = (profile: string): string => `the key saved as "${profile}"`;

/** What to do about a saved key that cannot be used: log in again with it as issued (or delete it). */
export const savedKeyHint = (profile: string): string => {
  const flag = profile === 'default' ? '' : ` --profile ${profile}`;
  return `save it again as issued with "svc auth login${flag}", or delete it with "svc auth logout${flag}"`;
};
