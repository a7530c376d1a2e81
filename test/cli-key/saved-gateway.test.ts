import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEYS, keyHolder, svcInProcess } from '../_harness/index.js';

// A key saved while SVC_GATEWAY_URL was set keeps working without it (issue 26 item 6): the
// built `svc`'s commands (dist/, run in this process: the subject is where the URL comes from,
// not the process, which bin.test.ts and auth-status.test.ts spawn), the reference server over
// HTTP. Precedence: --gateway-url > SVC_GATEWAY_URL > the URL saved with the profile > none.

vi.setConfig({ testTimeout: 30_000 });
const at = keyHolder();

const file = async () => JSON.parse(await readFile(join(at.cfg, 'credentials.json'), 'utf8')) as { profiles: Record<string, { api_key: string; gateway_url?: string; saved_at?: string }> };
// A port nothing listens on: a gateway there cannot answer.
const DEAD = 'http://127.0.0.1:9';

async function login(extraEnv: Record<string, string> = {}, argv: string[] = []): Promise<void> {
  const r = await svcInProcess(['auth', 'login', '--with-token', ...argv], { SVC_CONFIG_DIR: at.cfg, ...extraEnv }, { stdin: `${KEYS.limited}\n` });
  expect(r.code, r.stderr).toBe(0);
}

describe('the gateway URL saved with a key', () => {
  it('login with SVC_GATEWAY_URL saves it; usage and status then work without the variable', async () => {
    await login({ SVC_GATEWAY_URL: at.server.url });
    const saved = (await file()).profiles.default!;
    expect(saved.gateway_url).toBe(at.server.url);
    const day = saved.saved_at!.slice(0, 10);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const usage = await svcInProcess(['usage'], { SVC_CONFIG_DIR: at.cfg });
    expect(usage.stderr).toBe('');
    expect(usage.code).toBe(0);
    expect(usage.stdout).toContain('TOTAL');

    const status = await svcInProcess(['auth', 'status'], { SVC_CONFIG_DIR: at.cfg });
    expect(status.code, status.stdout + status.stderr).toBe(0);
    expect(status.stdout).toContain('Works:  yes');
    expect(status.stdout).toContain(`URL:    ${at.server.url} (saved with profile "default" on ${day})`);
    expect(status.stdout).toContain(`Key:    sk-…${KEYS.limited.slice(-4)}`);
    expect(status.stdout + status.stderr).not.toContain(KEYS.limited);
  });

  it('auth status --json says which URL and why, and has the limit and spend the text shows', async () => {
    await login({ SVC_GATEWAY_URL: at.server.url });
    const text = await svcInProcess(['auth', 'status'], { SVC_CONFIG_DIR: at.cfg });
    const r = await svcInProcess(['auth', 'status', '--json'], { SVC_CONFIG_DIR: at.cfg });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(KEYS.limited);
    const json = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ gateway_url: at.server.url, gateway_source: 'profile', works: true, blocked: false });
    expect(json.gateway_why).toMatch(/^saved with profile "default" on \d{4}-\d{2}-\d{2}$/);
    // The same figures as the text's "Limit:" line ($spend of $limit), as the key info sends them.
    const limit = /Limit:\s+\$([\d.,]+) of \$([\d.,]+) spent this month/.exec(text.stdout);
    expect(limit, text.stdout).not.toBeNull();
    expect(typeof json.spend).toBe('string');
    expect(typeof json.max_budget).toBe('string');
    expect(Number(json.spend)).toBeCloseTo(Number(limit![1]!.replaceAll(',', '')), 2);
    expect(Number(json.max_budget)).toBeCloseTo(Number(limit![2]!.replaceAll(',', '')), 2);
  });

  it('precedence: --gateway-url beats SVC_GATEWAY_URL, which beats the saved URL', async () => {
    await login({ SVC_GATEWAY_URL: at.server.url });
    // The variable wins over the saved URL: pointed at nothing, the key cannot be checked.
    const env = await svcInProcess(['auth', 'status', '--json'], { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: DEAD });
    expect(env.code).toBe(1);
    expect(JSON.parse(env.stdout)).toMatchObject({ gateway_url: DEAD, gateway_source: 'env', gateway_why: 'from the environment variable SVC_GATEWAY_URL', works: null });
    // The flag wins over the variable.
    const flag = await svcInProcess(['auth', 'status', '--json', '--gateway-url', at.server.url], { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: DEAD });
    expect(flag.code).toBe(0);
    expect(JSON.parse(flag.stdout)).toMatchObject({ gateway_url: at.server.url, gateway_source: 'flag', gateway_why: 'from --gateway-url', works: true });
    const usage = await svcInProcess(['usage', '--gateway-url', at.server.url], { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: DEAD });
    expect(usage.code, usage.stderr).toBe(0);
    // A flag that is not a URL is refused naming the flag.
    const bad = await svcInProcess(['usage', '--gateway-url', 'gateway.example.com'], { SVC_CONFIG_DIR: at.cfg });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--gateway-url: expected an http:// or https:// URL (got "gateway.example.com")');
  });

  it('login with --gateway-url saves that URL', async () => {
    await login({}, ['--gateway-url', at.server.url]);
    expect((await file()).profiles.default!.gateway_url).toBe(at.server.url);
    expect((await svcInProcess(['usage'], { SVC_CONFIG_DIR: at.cfg })).code).toBe(0);
  });

  it('an old credentials.json without a saved URL keeps working with SVC_GATEWAY_URL, and says what is missing without it', async () => {
    await login({ SVC_GATEWAY_URL: at.server.url });
    const old = await file();
    delete old.profiles.default!.gateway_url;
    delete old.profiles.default!.saved_at;
    await writeFile(join(at.cfg, 'credentials.json'), JSON.stringify(old), { mode: 0o600 });
    const withVar = await svcInProcess(['usage'], { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url });
    expect(withVar.code, withVar.stderr).toBe(0);
    const without = await svcInProcess(['auth', 'status', '--json'], { SVC_CONFIG_DIR: at.cfg });
    expect(without.code).toBe(1);
    expect(JSON.parse(without.stdout)).toMatchObject({ gateway_url: null, gateway_source: null, works: null });
    const text = await svcInProcess(['auth', 'status'], { SVC_CONFIG_DIR: at.cfg });
    expect(text.stdout).toContain('URL:    none: set SVC_GATEWAY_URL');
    const usage = await svcInProcess(['usage'], { SVC_CONFIG_DIR: at.cfg });
    expect(usage.code).not.toBe(0);
    expect(usage.stderr).toContain('no gateway URL');
  });

  it('a key from SVC_API_KEY never borrows the URL saved with a profile', async () => {
    await login({ SVC_GATEWAY_URL: at.server.url });
    const r = await svcInProcess(['auth', 'status', '--json'], { SVC_CONFIG_DIR: at.cfg, SVC_API_KEY: KEYS.limited });
    expect(JSON.parse(r.stdout)).toMatchObject({ source: 'env', gateway_url: null, works: null });
  });
});
