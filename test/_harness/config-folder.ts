// A key holder's surroundings: the gateway (one reference server for the file) and, for each test,
// a home of its own with its own config folder, so saved keys and profiles never reach the
// machine's ~/.config/svc or another test's.
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ReferenceServer } from '../../src/server/index.js';
import { useReferenceServer } from './server.js';
import { cleanup, tempDir } from './temp.js';

/** What a key holder's test works with. */
export interface KeyHolder {
  /** The reference server (the gateway), one for the file. */
  readonly server: ReferenceServer;
  /** A fresh temporary home for each test, removed after it. */
  readonly home: string;
  /** `SVC_CONFIG_DIR` inside `home` (not created: svc makes it). */
  readonly cfg: string;
}

/** Registers the hooks of a fresh home (and config folder) for each test; the values are the current test's. */
export function useConfigFolder(): { readonly home: string; readonly cfg: string } {
  const at = { home: '', cfg: '' };
  beforeEach(async () => {
    at.home = await tempDir('svc-key-');
    at.cfg = join(at.home, 'cfg');
  });
  afterEach(() => cleanup(at.home));
  return at;
}

/** Registers the file's hooks: the reference server for all its tests, a fresh home for each. */
export function keyHolder(): KeyHolder {
  const server = useReferenceServer();
  const folder = useConfigFolder();
  return {
    server,
    get home() {
      return folder.home;
    },
    get cfg() {
      return folder.cfg;
    },
  };
}
