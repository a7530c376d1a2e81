// Issue 19, item 8: `auth login --profile NAME` while SVC_API_KEY is set, and short keys masked so
// two can be told apart (the built svc, against the reference server and a stand-in gateway: its
// first command as the real bin, the others the built code in-process).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { KEYS, svcBin, svcInProcess, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();
let gateway: FakeServer;
let cfg: string;
beforeAll(async () => {
  // A gateway that accepts any key (its own keys may be short).
  gateway = await startFakeServer((_req, res) =>
    json(res, 200, { key: 'k', info: { key_alias: null, key_name: 'short', org_id: 'org-test', spend: '0', max_budget: null, budget_duration: null, budget_reset_at: null, blocked: false, models: [], usage_shared: true, credits: null, dev_plan: null } }),
  );
});
afterAll(async () => {
  await gateway.close();
});
beforeEach(async () => {
  cfg = await mkdtemp(join(tmpdir(), 'svc-keys-'));
});
afterEach(() => rm(cfg, { recursive: true, force: true }));

describe('auth login while SVC_API_KEY is set', () => {
  it('--profile NAME saves the key and warns that SVC_API_KEY still wins', async () => {
    const env = { SVC_GATEWAY_URL: server.url, SVC_CONFIG_DIR: cfg, SVC_API_KEY: KEYS.limited };
    const r = await svcBin(['auth', 'login', '--with-token', '--profile', 'work'], env, { stdin: `${KEYS.devSeat}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Saved "work": sk-…${KEYS.devSeat.slice(-4)}`);
    expect(r.stderr).toBe(`Warning: SVC_API_KEY is set, so commands use it (sk-…${KEYS.limited.slice(-4)}) rather than "work" until it is unset.\n`);
    const saved = JSON.parse(await readFile(join(cfg, 'credentials.json'), 'utf8'));
    expect(saved.profiles.work.api_key).toBe(KEYS.devSeat);
    // And it is true: the environment's key is the one in use.
    const status = await svcInProcess(['auth', 'status'], env);
    expect(status.stdout).toContain(`Key:    sk-…${KEYS.limited.slice(-4)}`);
  });

  it('without --profile (the default key, which would never be used) it still saves nothing and says how to save it', async () => {
    const r = await svcInProcess(['auth', 'login', '--with-token'], { SVC_GATEWAY_URL: server.url, SVC_CONFIG_DIR: cfg, SVC_API_KEY: KEYS.limited }, { stdin: `${KEYS.devSeat}\n` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('SVC_API_KEY is set and would be used instead of a saved key, so nothing is saved');
    expect(r.stderr).toContain('or save it under a name with --profile NAME');
    await expect(readFile(join(cfg, 'credentials.json'), 'utf8')).rejects.toThrow();
  });
});

describe('short keys', () => {
  it('keys of 8 to 11 characters show their last 2, so two can be told apart; shorter ones show none', async () => {
    const env = { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: cfg };
    for (const [name, key] of [['a', 'sk-q7Rt2mXa9k'], ['b', 'sk-q7Rt2mXa3p'], ['c', 'sk-4f9a2b']] as const) {
      expect((await svcInProcess(['auth', 'login', '--with-token', '--profile', name], env, { stdin: `${key}\n` })).code).toBe(0);
    }
    const list = await svcInProcess(['auth', 'list'], env);
    expect(list.stdout).toMatch(/^a +sk-…9k/m);
    expect(list.stdout).toMatch(/^b +sk-…3p/m);
    expect(list.stdout).toMatch(/^c +sk-…$/m);
    expect(list.stdout).not.toContain('q7Rt');
    expect(list.stdout).not.toContain('4f9a');
    // A long key still shows its last 4.
    const status = await svcInProcess(['auth', 'status'], { ...env, SVC_API_KEY: 'sk-0123456789abcdef' });
    expect(status.stdout).toContain('Key:    sk-…cdef');
  });
});
