import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE } from '../../src/cli/update/_package-info.js';
import { hasScript, runs } from '../_tools.js';
import { onTerminal } from './_pty.js';
import { KEYS, cleanup, tempDir, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();
let registry: Server;
let registryUrl: string;
let home: string;
beforeAll(async () => {
  registry = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ 'dist-tags': { latest: '9.9.9' } })));
  await new Promise<void>((r) => registry.listen(0, '127.0.0.1', r));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => registry.close(() => r()));
});
beforeEach(async () => {
  home = await tempDir();
});
afterEach(() => cleanup(home));

describe.runIf(runs(hasScript))('on a real terminal', () => {
  it('auth login asks for the key without echoing it, then saves it', async () => {
    const cfg = join(home, 'cfg');
    const env = { HOME: home, SVC_CONFIG_DIR: cfg, SVC_GATEWAY_URL: server.url, SVC_NO_UPDATE_CHECK: '1' };
    const r = await onTerminal('auth login', env, { waitFor: 'input is hidden', type: `${KEYS.limited}\r` });
    expect(r.out).toContain('Paste your API key (input is hidden):');
    expect(r.out).not.toContain(KEYS.limited);
    expect(r.out).not.toContain(KEYS.limited.slice(3, 12));
    expect(r.out).toContain(`Saved "default": sk-…${KEYS.limited.slice(-4)}`);
    expect(r.code).toBe(0);
    const saved = JSON.parse(await readFile(join(cfg, 'credentials.json'), 'utf8'));
    expect(saved.profiles.default.api_key).toBe(KEYS.limited);
  }, 30_000);

  it('auth login --with-token on a terminal asks without echo too (no key on the screen)', async () => {
    const cfg = join(home, 'cfg');
    const env = { HOME: home, SVC_CONFIG_DIR: cfg, SVC_GATEWAY_URL: server.url, SVC_NO_UPDATE_CHECK: '1' };
    const r = await onTerminal('auth login --with-token --profile work', env, { waitFor: 'input is hidden', type: `${KEYS.devSeat}\r` });
    expect(r.out).not.toContain(KEYS.devSeat.slice(3, 12));
    expect(r.out).toContain(`Saved "work": sk-…${KEYS.devSeat.slice(-4)}`);
    expect(r.code).toBe(0);
  }, 30_000);

  it('the daily update check runs in the background on a terminal and its notice shows next time', async () => {
    const cfg = join(home, 'cfg');
    const env = { HOME: home, SVC_CONFIG_DIR: cfg, npm_config_registry: registryUrl };
    const first = await onTerminal('auth list', env);
    expect(first.code).toBe(0);
    expect(first.out).not.toContain('new release');
    const cache = join(cfg, 'update-check.json');
    for (let i = 0; i < 100 && !existsSync(cache); i++) await new Promise((r) => setTimeout(r, 100));
    expect(JSON.parse(await readFile(cache, 'utf8')).latest).toBe('9.9.9');
    const second = await onTerminal('auth list', env);
    expect(second.out).toContain(`A new release of svc is available: ${PACKAGE.version} → 9.9.9`);
  }, 30_000);
});
