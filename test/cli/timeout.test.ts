// Issue 19, item 3: a time limit the user can set (--timeout SECONDS, SVC_TIMEOUT), on the one
// request deadline; the built svc against a stand-in server that accepts and never answers.
// The gateway case, the month end and --help as the real bin; the others the built code in-process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { svcBin, svcInProcess } from '../_harness/index.js';

let silent: FakeServer;
beforeAll(async () => {
  silent = await startFakeServer(() => {}); // accepts every request and never answers
});
afterAll(() => silent.close());

const KEY = 'sk-test-0123456789abcdef';
const HINT = 'allow more time with --timeout SECONDS, or SVC_TIMEOUT=SECONDS in the environment';

describe('--timeout and SVC_TIMEOUT', () => {
  it('svc models --timeout 0.5 gives up after its 3 attempts of 0.5 s, saying time ran out, at the gateway, and how to allow more', async () => {
    const r = await svcBin(['models', '--timeout', '0.5'], { SVC_GATEWAY_URL: silent.url, SVC_API_KEY: KEY });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`svc: time ran out: no complete answer from the gateway at ${silent.url} within 500 ms (each of 3 attempts) (${HINT})\n`);
    // 3 × 0.5 s plus the jittered backoff (at most 0.5 + 1 s) and start-up; without the flag it waits 3 × 60 s.
    expect(r.ms).toBeLessThan(15_000);
  });

  it('SVC_TIMEOUT sets it too; the flag wins over the variable', async () => {
    const env = { SVC_GATEWAY_URL: silent.url, SVC_API_KEY: KEY, SVC_TIMEOUT: '0.4' };
    // Each waits out its attempts: both at once.
    const [viaEnv, both] = await Promise.all([svcInProcess(['auth', 'fields'], env), svcInProcess(['search', '--timeout', '0.3', 'vat'], env)]);
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.stderr).toContain('within 400 ms (each of 3 attempts)');
    expect(both.stderr).toContain('within 300 ms (each of 3 attempts)');
  });

  it('the reporting commands have it too, and name the reporting API', async () => {
    const env = { SVC_BASE_URL: silent.url, SVC_REPORTING_TOKEN: 'tok-test-123456789', SVC_ORG_ID: 'org-nordlys', SVC_PARTNER_TOKEN: 'tok-partner-12345678' };
    const [list, partner] = await Promise.all([svcInProcess(['invoices', 'list', '--timeout', '0.3'], env), svcInProcess(['partner', 'status'], { ...env, SVC_TIMEOUT: '0.3' })]);
    expect(list.code).toBe(1);
    expect(list.stderr).toBe(`svc: time ran out: no complete answer from the reporting API at ${silent.url} within 300 ms (each of 3 attempts) (${HINT})\n`);
    expect(partner.stderr).toContain(`no complete answer from the reporting API at ${silent.url} within 300 ms`);
  });

  it('svc month-end --timeout gives every request of the run that deadline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-timeout-'));
    await writeFile(join(dir, 'runs.json'), JSON.stringify({ base_url: silent.url, organizations: [{ org_id: 'org-a', name: 'A', token_env: 'A_TOKEN' }] }));
    const r = await svcBin(['month-end', '--config', 'runs.json', '--out', 'out', '--month', '2026-10', '--timeout', '0.3'], { A_TOKEN: 'tok-aaaa-11112222' }, { cwd: dir });
    expect(r.code).toBe(1);
    expect(await readFile(join(dir, 'out/2026-10/summary.md'), 'utf8')).toContain('time ran out: no complete answer from the reporting API');
    expect(r.ms).toBeLessThan(30_000);
    await rm(dir, { recursive: true, force: true });
  });

  it('a bad --timeout exits 2 naming the flag; a bad SVC_TIMEOUT exits 2 naming the variable (the config is wrong, README); neither asks the service', async () => {
    const before = silent.seen.length;
    for (const bad of ['abc', '0', '-1', '1e3', '100000']) {
      const r = await svcInProcess(['models', `--timeout=${bad}`], { SVC_GATEWAY_URL: silent.url, SVC_API_KEY: KEY });
      expect(r.code, bad).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`svc: --timeout must be a number of seconds above 0, at most 86400 (e.g. 30 or 2.5) (got "${bad}")`);
    }
    const env = await svcInProcess(['models'], { SVC_GATEWAY_URL: silent.url, SVC_API_KEY: KEY, SVC_TIMEOUT: 'soon' });
    expect(env.code).toBe(2);
    expect(env.stderr).toBe('svc: SVC_TIMEOUT must be a number of seconds above 0, at most 86400 (e.g. 30 or 2.5) (got "soon") (fix or unset SVC_TIMEOUT)\n');
    // The same for a gateway URL that cannot be one; one that is not set at all is a failure to say what to set (1).
    for (const url of ['notaurl', 'ftp://gateway.example.com', 'http://user:pw@gateway.example.com']) {
      const r = await svcInProcess(['models'], { SVC_GATEWAY_URL: url, SVC_API_KEY: KEY });
      expect([r.code, r.stderr.startsWith('svc: the URL of the gateway (SVC_GATEWAY_URL)')], url).toEqual([2, true]);
    }
    expect((await svcInProcess(['models'], { SVC_API_KEY: KEY })).code).toBe(1);
    expect(silent.seen.length).toBe(before);
  });

  it('every command that calls a service has --timeout in its help (the command table, also commands added later)', async () => {
    interface Node { name: string; commands?: Node[]; options?: Record<string, unknown> }
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../dist/cli/commands.manifest.json', import.meta.url)), 'utf8')) as Node;
    const leaves = (n: Node, path: string[] = []): Array<{ path: string[]; options: Record<string, unknown> }> =>
      n.commands ? n.commands.flatMap((c) => leaves(c, n === manifest ? [c.name] : [...path, c.name])) : [{ path, options: n.options ?? {} }];
    // A command calls a service when it takes a reporting URL, uses an API key, or runs the month end.
    const keyCommands = ['auth login', 'auth status', 'auth fields', 'models', 'usage', 'search', 'month-end'];
    const calling = leaves(manifest).filter((c) => 'base-url' in c.options || keyCommands.includes(c.path.join(' ')));
    expect(calling.length).toBeGreaterThanOrEqual(keyCommands.length + 9);
    for (const c of calling) expect(Object.keys(c.options), c.path.join(' ')).toContain('timeout');
    const help = await svcBin(['models', '--help']);
    expect(help.stdout).toMatch(/--timeout SECONDS +wait at most SECONDS for each answer \(default 60, or\s+SVC_TIMEOUT\)/);
  });
});
