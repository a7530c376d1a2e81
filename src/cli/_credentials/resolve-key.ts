import type { CommandIO } from '../_program/command.js';
import { withConfigDir } from './config-dir.js';
import { maskKey } from './mask.js';
import { NoKeyError } from './no-key-error.js';
import { findPin } from './pins.js';
import { loadCredentials } from './store.js';
import { UnknownProfileError } from './unknown-profile-error.js';
import { emptyCredentials, profileOf, type Credentials } from './schema.js';

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

/** Loads the credentials of `io` and picks the key; the env key wins without reading the file. */
export async function resolveKey(io: CommandIO): Promise<ResolvedKey> {
  if (io.env.SVC_API_KEY?.trim()) return pickKey(emptyCredentials(), io.env, io.cwd);
  return pickKey(await withConfigDir(io.env, loadCredentials), io.env, io.cwd);
}
