// What a key holder coming from gh expects (issue 40, item 2): logout leaves the one remaining key
// in use and says so; login settles the gateway before asking for the key; svc serve says how to
// try it; a base URL that repeats the start of the paths gets a hint naming the URL and the fix.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { svc } from './_helpers.js';
import { onTerminal } from './_pty.js';
import { hasScript, runs } from '../_tools.js';
import { GatewayClient, NotFoundError, ReportingClient } from '../../src/index.js';
import { BIN, KEYS, cleanup, keyHolder, svcInProcess, tempDir, tokenOf, TOKENS } from '../_harness/index.js';

vi.setConfig({ testTimeout: 30_000 });

const at = keyHolder();
const env = (extra: Record<string, string> = {}) => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url, ...extra });
const login = (profile: string, key: string) => svc(['auth', 'login', '--with-token', '--profile', profile], { env: env(), stdin: `${key}\n` });

describe('auth logout of the default key', () => {
  it('with one key left, makes that one the default and says so; commands keep working', async () => {
    expect((await login('work', KEYS.limited)).code).toBe(0);
    expect((await login('dev', KEYS.devSeat)).code).toBe(0);
    const r = await svc(['auth', 'logout'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Deleted saved key "work" (sk-…${KEYS.limited.slice(-4)}).\nThe default key is now "dev" (sk-…${KEYS.devSeat.slice(-4)}), the one saved key left.\n`);
    const saved = JSON.parse(await readFile(join(at.cfg, 'credentials.json'), 'utf8'));
    expect(saved.default).toBe('dev');
    expect((await svc(['auth', 'token'], { env: env() })).stdout).toBe(`${KEYS.devSeat}\n`);
    expect((await svc(['usage', '--json'], { env: env() })).code).toBe(0);
  });

  it('with several left, chooses none and says how to', async () => {
    for (const [p, k] of [['a', KEYS.limited], ['b', KEYS.devSeat], ['c', KEYS.credits]] as const) expect((await login(p, k)).code).toBe(0);
    const r = await svc(['auth', 'logout'], { env: env() });
    expect(r.stdout).toContain('There is no default key now; choose one with "svc auth use <name>".');
    expect(JSON.parse(await readFile(join(at.cfg, 'credentials.json'), 'utf8')).default).toBeNull();
  });
});

describe('auth login settles the gateway first', () => {
  it('piped without a gateway: refused before the key is read, naming --gateway-url; nothing saved', async () => {
    const r = await svc(['auth', 'login', '--with-token'], { env: { SVC_CONFIG_DIR: at.cfg }, stdin: `${KEYS.limited}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('svc: no gateway to check the key at: give --gateway-url URL or set SVC_GATEWAY_URL (e.g. https://gateway.example.com); nothing was read or saved');
    expect((await svc(['auth', 'list'], { env: { SVC_CONFIG_DIR: at.cfg } })).stdout).not.toContain('sk-');
    const ok = await svc(['auth', 'login', '--with-token', '--gateway-url', at.server.url], { env: { SVC_CONFIG_DIR: at.cfg }, stdin: `${KEYS.limited}\n` });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it.runIf(runs(hasScript))('on a terminal without a gateway: asks for its URL (shown), then for the key (hidden), and saves both', async () => {
    const r = await onTerminal('auth login', { SVC_CONFIG_DIR: at.cfg, SVC_NO_UPDATE_CHECK: '1' }, [
      { waitFor: 'Gateway URL (e.g. https://gateway.example.com): ', type: `${at.server.url}\r` },
      { waitFor: 'input is hidden', type: `${KEYS.limited}\r` },
    ]);
    expect(r.code, r.out).toBe(0);
    // The URL typed is echoed, the key is not.
    expect(r.out).toContain(`Gateway URL (e.g. https://gateway.example.com): ${at.server.url}`);
    expect(r.out).not.toContain(KEYS.limited);
    const saved = JSON.parse(await readFile(join(at.cfg, 'credentials.json'), 'utf8'));
    expect(saved.profiles.default.gateway_url).toBe(at.server.url);
    expect((await svc(['usage', '--json'], { env: { SVC_CONFIG_DIR: at.cfg } })).code).toBe(0);
  });

  it.runIf(runs(hasScript))('on a terminal with a gateway: names it and where it came from before asking for the key', async () => {
    const r = await onTerminal('auth login', { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url, SVC_NO_UPDATE_CHECK: '1' }, { waitFor: 'input is hidden', type: `${KEYS.limited}\r` });
    expect(r.code, r.out).toBe(0);
    expect(r.out.indexOf(`Gateway: ${at.server.url} (from the environment variable SVC_GATEWAY_URL)`)).toBeLessThan(r.out.indexOf('input is hidden'));
  });
});

describe('svc serve says how to try it', () => {
  it('prints the sample keys and the export lines, which work as printed', async () => {
    const home = await tempDir();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { env: { PATH: process.env.PATH ?? '', HOME: home, SVC_NO_UPDATE_CHECK: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString('utf8');
          if (err.includes('svc invoices list')) resolve();
        });
        child.on('close', () => reject(new Error(`serve ended: ${err}`)));
      });
      const url = out.trim();
      expect(err).toContain(`  export SVC_GATEWAY_URL=${url}\n`);
      // Every sample key of samples/tokens.json is listed with its case.
      for (const k of TOKENS.api_keys) expect(err).toContain(`  ${k.api_key}  ${k.key_id}`);
      // The export lines, as a shell would take them.
      const exported: Record<string, string> = {};
      for (const m of err.matchAll(/^ {2}export (.+?)(?: {3}#.*)?$/gm)) {
        for (const pair of m[1]!.split(' ')) {
          const [name, value] = pair.split('=') as [string, string];
          exported[name] = value;
        }
      }
      expect(Object.keys(exported).sort()).toEqual(['SVC_API_KEY', 'SVC_BASE_URL', 'SVC_GATEWAY_URL', 'SVC_ORG_ID', 'SVC_REPORTING_TOKEN']);
      const usage = await svcInProcess(['usage'], { ...exported, SVC_CONFIG_DIR: join(home, 'cfg') });
      expect(usage.code, usage.stderr).toBe(0);
      expect(usage.stdout).toMatch(/^TOTAL\s/m);
      const invoices = await svcInProcess(['invoices', 'list'], exported);
      expect(invoices.code, invoices.stderr).toBe(0);
    } finally {
      child.kill('SIGTERM');
      await cleanup(home);
    }
  });
});

describe('a base URL that repeats the start of the paths', () => {
  it('the library names the full URL asked and what to drop (from the option or the variable)', async () => {
    const failure = (p: Promise<unknown>) => p.then(() => undefined, (x: unknown) => x as NotFoundError);
    const e = (await failure(new GatewayClient({ gatewayUrl: `${at.server.url}/v1`, apiKey: KEYS.limited, env: {} }).getModelInfo()))!;
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.message).toBe(`GET ${at.server.url}/v1/v1/model/info was not found`);
    expect(e.hint).toBe(`the base URL ends in /v1, which the client adds to the paths itself: drop /v1 from the gatewayUrl option, i.e. ${at.server.url}`);
    const r = (await failure(new ReportingClient({ env: { SVC_BASE_URL: `${at.server.url}/api/`, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' } }).listInvoices()))!;
    expect(r.message).toBe(`GET ${at.server.url}/api/api/orgs/org-nordlys/invoices was not found`);
    expect(r.hint).toContain('drop /api from SVC_BASE_URL');
  });

  it('svc names the variable or its flag', async () => {
    const viaEnv = await svc(['models'], { env: env({ SVC_GATEWAY_URL: `${at.server.url}/v1`, SVC_API_KEY: KEYS.limited }) });
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.stderr).toBe(`svc: GET ${at.server.url}/v1/v1/model/info was not found (the base URL ends in /v1, which the client adds to the paths itself: drop /v1 from SVC_GATEWAY_URL, i.e. ${at.server.url})\n`);
    // usage asks /key/info first: not doubled, but the same base URL at fault.
    const usage = await svc(['usage'], { env: env({ SVC_GATEWAY_URL: `${at.server.url}/v1`, SVC_API_KEY: KEYS.limited }) });
    expect(usage.stderr).toContain(`GET ${at.server.url}/v1/key/info was not found (the base URL ends in /v1`);
    const viaFlag = await svc(['models', '--gateway-url', `${at.server.url}/v1`], { env: { SVC_CONFIG_DIR: at.cfg, SVC_API_KEY: KEYS.limited } });
    expect(viaFlag.stderr).toContain('drop /v1 from --gateway-url or the URL saved with the key');
    const reporting = await svcInProcess(['invoices', 'list', '--base-url', `${at.server.url}/api`], { SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });
    expect(reporting.stderr).toContain(`svc: GET ${at.server.url}/api/api/orgs/org-nordlys/invoices was not found (the base URL ends in /api, which the client adds to the paths itself: drop /api from --base-url, i.e. ${at.server.url})`);
  });
});
