// A key or gateway URL that cannot be used (outside review, 2026-12): one message naming where it
// came from, exit 2 in every key command (README: "2 the command line or the config is wrong"),
// `auth token` never prints such a key, and no URL's password is ever printed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { svc } from './_helpers.js';
import { KEYS, cleanup, tempDir, useReferenceServer } from '../_harness/index.js';

vi.setConfig({ testTimeout: 20_000 });

const server = useReferenceServer();
let home: string;
beforeEach(async () => {
  home = await tempDir();
});
afterEach(() => cleanup(home));

const BAD_KEY = `${KEYS.limited}\u0001`;
const cfg = () => join(home, 'cfg');

/** A credentials.json with `key` saved as "default" (a hand-edited file, or one of a careless script). */
async function savedKey(key: string): Promise<void> {
  await mkdir(cfg(), { recursive: true, mode: 0o700 });
  await chmod(cfg(), 0o700);
  const file = join(cfg(), 'credentials.json');
  await writeFile(file, JSON.stringify({ version: 1, default: 'default', profiles: { default: { api_key: key, gateway_url: server.url } }, pins: {} }), { mode: 0o600 });
}

describe('a key with a character no key has', () => {
  it('from SVC_API_KEY: every key command names the variable and exits 2; auth token prints nothing', async () => {
    const env = { SVC_CONFIG_DIR: cfg(), SVC_GATEWAY_URL: server.url, SVC_API_KEY: BAD_KEY };
    for (const argv of [['auth', 'fields'], ['auth', 'status'], ['models'], ['search', 'skat'], ['auth', 'token']]) {
      const r = await svc(argv, { env });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout, argv.join(' ')).toBe('');
      expect(r.stderr, argv.join(' ')).toBe(
        `svc: SVC_API_KEY holds a character an API key cannot have (U+0001, character ${KEYS.limited.length + 1}), so it cannot be used (set it to the key exactly as it was issued, on one line)\n`,
      );
    }
  });

  it('saved in a profile: named as that saved key, exit 2; auth logout can still delete it', async () => {
    await savedKey(BAD_KEY);
    const env = { SVC_CONFIG_DIR: cfg() };
    for (const argv of [['auth', 'token'], ['auth', 'fields']]) {
      const r = await svc(argv, { env });
      expect([r.code, r.stdout], argv.join(' ')).toEqual([2, '']);
      expect(r.stderr).toContain(`svc: the key saved as "default" holds a character an API key cannot have (U+0001, character ${KEYS.limited.length + 1}), so it cannot be used (save it again as issued with "svc auth login", or delete it with "svc auth logout")`);
    }
    // usage --all names it too, and no list shows its control character raw (a masked tail is escaped).
    const usage = await svc(['usage', '--all', '--json'], { env });
    expect(JSON.parse(usage.stdout).keys[0].error.message).toContain('the key saved as "default" holds a character an API key cannot have');
    for (const argv of [['usage', '--all'], ['auth', 'list']]) {
      const r = await svc(argv, { env });
      expect(r.stdout + r.stderr, argv.join(' ')).not.toContain('\u0001');
      expect(r.stdout, argv.join(' ')).toContain('\\x01');
    }
    const all = await svc(['auth', 'fields', '--all', '--json'], { env });
    expect(JSON.parse(all.stdout)[0].error.message).toContain('the key saved as "default" holds a character an API key cannot have');
    expect(all.stdout).not.toContain(KEYS.limited);
    expect((await svc(['auth', 'logout'], { env })).code).toBe(0);
  });

  it('given to auth login: refused by its character, nothing saved', async () => {
    const r = await svc(['auth', 'login', '--with-token', '--gateway-url', server.url], { env: { SVC_CONFIG_DIR: cfg() }, stdin: `${BAD_KEY}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`svc: the key read from stdin holds a character an API key cannot have (U+0001, character ${KEYS.limited.length + 1}); nothing was saved`);
  });
});

describe('a gateway URL with a user name and password', () => {
  const withPassword = () => server.url.replace('//', '//user:hunter2pass@');

  it('--gateway-url: search and auth status both refuse the flag, exit 2, password masked', async () => {
    for (const argv of [['search', 'skat'], ['auth', 'status'], ['auth', 'status', '--json']]) {
      const r = await svc([...argv, '--gateway-url', withPassword()], { env: { SVC_CONFIG_DIR: cfg(), SVC_API_KEY: KEYS.limited } });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(`svc: --gateway-url: must not contain a user name or password; the key goes in SVC_API_KEY or "svc auth login" (got "${server.url.replace('//', '//user:***@')}")`);
      expect(r.stdout + r.stderr).not.toContain('hunter2pass');
    }
  });

  it('SVC_GATEWAY_URL: auth status shows the URL with its password masked (text and --json) and exits 2, as search does', async () => {
    const env = { SVC_CONFIG_DIR: cfg(), SVC_API_KEY: KEYS.limited, SVC_GATEWAY_URL: withPassword() };
    const text = await svc(['auth', 'status'], { env });
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(`URL:    ${server.url.replace('//', '//user:***@')} (from the environment variable SVC_GATEWAY_URL)`);
    expect(text.stderr).toContain('svc: the key in use could not be checked: the URL of the gateway (SVC_GATEWAY_URL) must not contain a user name or password');
    const json = await svc(['auth', 'status', '--json'], { env });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).gateway_url).toBe(server.url.replace('//', '//user:***@'));
    const search = await svc(['search', 'skat'], { env });
    expect(search.code).toBe(2);
    for (const r of [text, json, search]) expect(r.stdout + r.stderr).not.toContain('hunter2pass');
  });
});
