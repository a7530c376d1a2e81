import { describe, expect, it, vi } from 'vitest';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { svc } from './_helpers.js';
import { KEYS, keyHolder } from '../_harness/index.js';

// Loopback HTTP on a 2-core machine shared with other suites: allow for a busy CPU.
vi.setConfig({ testTimeout: 20_000 });

const at = keyHolder();

const env = (extra: Record<string, string> = {}) => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url, ...extra });
const login = (key: string, ...flags: string[]) => svc(['auth', 'login', '--with-token', ...flags], { env: env(), stdin: `${key}\n` });

describe('auth login', () => {
  it('checks the key with the service, then saves it 0600 as the default; output masks it', async () => {
    const r = await login(KEYS.limited);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Saved "default": sk-…${KEYS.limited.slice(-4)} (Analytics pipeline, org-nordlys).\nIt is the default key.`);
    expect(r.stdout + r.stderr).not.toContain(KEYS.limited);
    const file = join(at.cfg, 'credentials.json');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toMatchObject({ default: 'default', profiles: { default: { api_key: KEYS.limited } } });
  });

  it('saves nothing for a key the service refuses', async () => {
    for (const key of [KEYS.deleted, 'sk-not-a-real-key-0000000000']) {
      const r = await login(key);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('(HTTP 401); nothing was saved');
      expect(r.stderr).not.toContain(key);
    }
    expect(existsSync(at.cfg)).toBe(false);
  });

  it('keeps earlier keys: --profile adds a named key without changing the default', async () => {
    await login(KEYS.limited);
    const r = await login(KEYS.devSeat, '--profile', 'dev');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Saved "dev": ');
    expect(r.stdout).toContain('Use it with "svc auth use dev" or "svc auth pin dev".');
    const saved = JSON.parse(await readFile(join(at.cfg, 'credentials.json'), 'utf8'));
    expect(saved.default).toBe('default');
    expect(Object.keys(saved.profiles).sort()).toEqual(['default', 'dev']);
  });

  it('rejects a bad profile name before asking anything', async () => {
    const r = await login(KEYS.limited, '--profile', '../x');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--profile "../x" is not a valid name');
  });
});

describe('auth status', () => {
  it('says which key, why, and that it works', async () => {
    await login(KEYS.limited);
    const r = await svc(['auth', 'status'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Key:    sk-…${KEYS.limited.slice(-4)} ("default")`);
    expect(r.stdout).toContain('Why:    "default" is the default saved key');
    expect(r.stdout).toContain('Works:  yes');
  });

  it('a pinned project says so', async () => {
    await login(KEYS.limited);
    await login(KEYS.devSeat, '--profile', 'dev');
    const project = join(at.home, 'proj');
    await mkdir(join(project, 'sub'), { recursive: true });
    await svc(['auth', 'pin', 'dev'], { env: env(), cwd: project });
    const r = await svc(['auth', 'status', '--json'], { env: env(), cwd: join(project, 'sub') });
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'pin', profile: 'dev', pinned_folder: project, works: true, key_name: 'Mette Holm (dev)' });
  });

  it('exits 1 for a blocked key, saying why and when it works again', async () => {
    const r = await svc(['auth', 'status'], { env: env({ SVC_API_KEY: KEYS.blocked }) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Why:    SVC_API_KEY is set');
    expect(r.stdout.replace(/\n {8}/g, ' ')).toMatch(/Works: {2}no, blocked: the monthly spend limit of \$200\.00 is reached \(\$[\d,.]+ spent\); it works again from 2026-12-01/);
    expect(r.stdout + r.stderr).not.toContain(KEYS.blocked);
  });

  it('exits 1 for a key the service refuses', async () => {
    const r = await svc(['auth', 'status'], { env: env({ SVC_API_KEY: KEYS.deleted }) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Works:  no, the service refused it (HTTP 401');
  });

  it('auth token prints the key in use and needs no network', async () => {
    await login(KEYS.limited);
    const r = await svc(['auth', 'token'], { env: { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: 'http://127.0.0.1:1' } });
    expect(r).toMatchObject({ code: 0, stdout: `${KEYS.limited}\n` });
  });
});

describe('auth fields', () => {
  it("shows the key's fields with - for no value", async () => {
    const r = await svc(['auth', 'fields'], { env: env({ SVC_API_KEY: KEYS.devSeat }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Key "Mette Holm (dev)"');
    expect(r.stdout).toMatch(/^FIELD\s+VALUE$/m);
    expect(r.stdout).toMatch(/^Team\s+Platform$/m);
    expect(r.stdout).toMatch(/^Handles personal data\s+-$/m);
    const limited = await svc(['auth', 'fields'], { env: env({ SVC_API_KEY: KEYS.limited }) });
    expect(limited.stdout).toMatch(/^Handles personal data\s+yes$/m);
  });

  it('--json prints the values exactly as the API sends them', async () => {
    const direct = await fetch(`${at.server.url}/v1/service/key`, { headers: { authorization: `Bearer ${KEYS.devSeat}`, 'user-agent': 'test' } });
    const r = await svc(['auth', 'fields', '--json'], { env: env({ SVC_API_KEY: KEYS.devSeat }) });
    expect(JSON.parse(r.stdout)).toEqual(await direct.json());
    expect(JSON.parse(r.stdout).fields.some((f: { value: unknown }) => f.value === null)).toBe(true);
  });

  it('--all shows every saved key; a refused one is reported and makes the exit 1', async () => {
    await login(KEYS.limited);
    await login(KEYS.devSeat, '--profile', 'dev');
    const creds = JSON.parse(await readFile(join(at.cfg, 'credentials.json'), 'utf8'));
    const { saveCredentials } = await import('../../src/cli/_credentials/index.js');
    await saveCredentials(at.cfg, { ...creds, profiles: { ...creds.profiles, old: { api_key: KEYS.deleted }, ci: { api_key: KEYS.blocked } } });
    const r = await svc(['auth', 'fields', '--all'], { env: env(), columns: 80 });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`default (sk-…${KEYS.limited.slice(-4)}): key "Analytics pipeline"`);
    expect(r.stdout).toContain(`dev (sk-…${KEYS.devSeat.slice(-4)}): key "Mette Holm (dev)"`);
    expect(r.stdout).toMatch(/old \(sk-…\w{4}\)\n {2}the API key was refused .*\(HTTP 401\)/);
    // Wrapped lines of one message are joined back (each of its lines is indented two spaces).
    expect(r.stdout.replace(/(\S)\n {2}(?!the )/g, '$1 ')).toMatch(/ci \(sk-…\w{4}\)\n {2}the key is blocked: the monthly spend limit of \$200\.00 is reached .* \(HTTP 401\)/);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    const json = JSON.parse((await svc(['auth', 'fields', '--all', '--json'], { env: env() })).stdout);
    expect(json.map((x: { profile: string }) => x.profile)).toEqual(['ci', 'default', 'dev', 'old']);
    expect(json[3].error.status).toBe(401);
    expect(JSON.stringify(json)).not.toContain(KEYS.limited);
  });

  it('a key of no organization gets the 403 explained', async () => {
    const r = await svc(['auth', 'fields'], { env: env({ SVC_API_KEY: KEYS.noOrg }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the API key belongs to no organization');
  });

  it('--verbose says which key and why', async () => {
    const r = await svc(['auth', 'fields', '-v'], { env: env({ SVC_API_KEY: KEYS.limited }) });
    expect(r.stderr).toBe(`Using key sk-…${KEYS.limited.slice(-4)}: SVC_API_KEY is set.\n`);
  });
});
