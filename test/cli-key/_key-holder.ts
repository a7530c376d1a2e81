import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { cleanup, tempDir } from './_helpers.js';

/** What a key holder's test works with: the gateway, and a home with its own config folder. */
export interface KeyHolder {
  /** The reference server (the gateway), one for the file. */
  readonly server: ReferenceServer;
  /** A fresh temporary home for each test, removed after it. */
  readonly home: string;
  /** `SVC_CONFIG_DIR` inside `home` (not created: svc makes it). */
  readonly cfg: string;
}

/** Registers the file's hooks: the reference server for all its tests, a fresh home for each. */
export function keyHolder(): KeyHolder {
  const at = {} as { server: ReferenceServer; home: string; cfg: string };
  beforeAll(async () => {
    at.server = await startReferenceServer();
  });
  afterAll(() => at.server.close());
  beforeEach(async () => {
    at.home = await tempDir();
    at.cfg = join(at.home, 'cfg');
  });
  afterEach(() => cleanup(at.home));
  return at;
}
