import { dirname, resolve } from 'node:path';
import { nameTable, type Credentials } from './schema.js';

/** Folder keys compare case-insensitively on Windows, exactly elsewhere. */
function sameFolder(a: string, b: string): boolean {
  return process.platform === 'win32' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function pinOf(credentials: Credentials, folder: string): string | undefined {
  for (const [pinned, profile] of Object.entries(credentials.pins)) if (sameFolder(pinned, folder)) return profile;
  return undefined;
}

/** The nearest pinned folder at or above `cwd`, and its profile: subfolders inherit a pin. */
export function findPin(credentials: Credentials, cwd: string): { folder: string; profile: string } | undefined {
  let folder = resolve(cwd);
  for (;;) {
    const profile = pinOf(credentials, folder);
    if (profile !== undefined) return { folder, profile };
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/** A copy of `credentials` with `folder` pinned to `profile` (or unpinned when profile is null). */
export function withPin(credentials: Credentials, folder: string, profile: string | null): Credentials {
  const pins = nameTable(Object.entries(credentials.pins).filter(([f]) => !sameFolder(f, folder)));
  if (profile !== null) pins[resolve(folder)] = profile;
  return { ...credentials, pins };
}
