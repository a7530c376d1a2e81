import { describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { chmod, mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startReferenceServer } from '../../src/server/index.js';
import { loadCredentials, saveCredentials, emptyCredentials, withFileLock } from '../../src/cli/_credentials/index.js';
import { svc } from './_helpers.js';
import { runCli } from '../../src/cli/run.js';
import { usageCommand } from '../../src/cli/usage/usage.js';
import { PassThrough, Readable } from 'node:stream';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { KEYS, keyHolder, refusedPort } from '../_harness/index.js';

vi.setConfig({ testTimeout: 30_000 });
const posix = process.platform !== 'win32';
const WRITER = fileURLToPath(new URL('./_concurrent-writer.js', import.meta.url));

const at = keyHolder();

const env = () => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url });

function writer(id: number, n: number): Promise<number | null> {
  const child = spawn(process.execPath, [WRITER, at.cfg, String(id), String(n)], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve) => child.on('close', resolve));
}

describe('concurrent changes to credentials.json', () => {
  it('keeps every login when several run at once (no last-write-wins)', async () => {
    const keys = [KEYS.limited, KEYS.devSeat, KEYS.blocked, KEYS.credits, KEYS.notShared];
    const runs = await Promise.all(keys.map((k, i) => svc(['auth', 'login', '--with-token', '--profile', `k${i}`], { env: env(), stdin: `${k}\n` })));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const saved = await loadCredentials(at.cfg);
    expect(Object.keys(saved.profiles).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    expect(await readdir(at.cfg)).toEqual(['credentials.json']);
  });

  it('keeps every change of four processes writing at the same time', async () => {
    const codes = await Promise.all([0, 1, 2, 3].map((id) => writer(id, 10)));
    expect(codes).toEqual([0, 0, 0, 0]);
    const saved = await loadCredentials(at.cfg);
    expect(Object.keys(saved.profiles)).toHaveLength(40);
    expect((await readdir(at.cfg)).filter((f) => f !== 'credentials.json')).toEqual([]);
  });

  it('waits for a held lock, gives up with a clear message, and takes over a stale one', async () => {
    await saveCredentials(at.cfg, { ...emptyCredentials(), default: 'a', profiles: { a: { api_key: 'sk-aaaaaaaaaaaaaaaa1111' } } });
    const lock = join(at.cfg, 'credentials.json.lock');
    // A live process's pid (the test runner's parent), so the lock is held until it is old.
    await writeFile(lock, `${process.ppid}\n`);
    const held = withFileLock(join(at.cfg, 'credentials.json'), async () => 'ran', 300);
    await expect(held).rejects.toThrow(/another svc process is changing the saved keys \(lock file .*credentials\.json\.lock\); nothing was changed/);
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    const r = await svc(['auth', 'use', 'a'], { env: env() });
    expect(r.code).toBe(0);
    expect(await readdir(at.cfg)).toEqual(['credentials.json']);
  });
});

describe.runIf(posix)('the config folder', () => {
  it('refuses a folder others can write, naming the chmod, and changes nothing', async () => {
    await saveCredentials(at.cfg, { ...emptyCredentials(), default: 'a', profiles: { a: { api_key: 'sk-aaaaaaaaaaaaaaaa1111' } } });
    await chmod(at.cfg, 0o777);
    for (const argv of [['auth', 'list'], ['auth', 'use', 'a'], ['auth', 'token']]) {
      const r = await svc(argv, { env: env() });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr).toContain(`config folder ${at.cfg} can be written by other users (mode 0777) (run: chmod 700 '${at.cfg}')`);
    }
    expect((await stat(at.cfg)).mode & 0o777).toBe(0o777);
  });

  it('never re-modes a folder it did not create (others may read it; the file is 0600)', async () => {
    await mkdir(at.cfg, { mode: 0o755 });
    await chmod(at.cfg, 0o755);
    const r = await svc(['auth', 'login', '--with-token'], { env: env(), stdin: `${KEYS.limited}\n` });
    expect(r.code).toBe(0);
    expect((await stat(at.cfg)).mode & 0o777).toBe(0o755);
    expect((await stat(join(at.cfg, 'credentials.json'))).mode & 0o777).toBe(0o600);
  });
});

describe('messages for keys that do not work', () => {
  it('auth fields and models name a blocked key as blocked, with its limit and why it was chosen', async () => {
    await svc(['auth', 'login', '--with-token', '--profile', 'ci'], { env: env(), stdin: `${KEYS.blocked}\n` });
    const r = await svc(['auth', 'fields'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the API key sk-…${KEYS.blocked.slice(-4)} is blocked: the monthly spend limit of $200.00 is reached`);
    expect(r.stderr).toContain('used because "ci" is the default saved key');
    expect(r.stderr).not.toContain(KEYS.blocked);
  });

  it('auth status wraps to 80 columns and says which saved key SVC_API_KEY overrides', async () => {
    await svc(['auth', 'login', '--with-token'], { env: env(), stdin: `${KEYS.limited}\n` });
    const blocked = await svc(['auth', 'status'], { env: { ...env(), SVC_API_KEY: KEYS.blocked }, columns: 80 });
    expect(blocked.code).toBe(1);
    for (const line of blocked.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(blocked.stdout).toContain('(it overrides the default saved key "default")');
    const orphan = await svc(['auth', 'status'], { env: { ...env(), SVC_API_KEY: KEYS.noOrg } });
    expect(orphan.code).toBe(1);
    expect(orphan.stdout).toContain('Works:  no, it belongs to no organization, so the service refuses it (HTTP 403) for models, usage, key fields and search');
  });

  it('usage --all tells a key of no organization from one whose usage is not shared, and counts a key saved twice once', async () => {
    for (const [name, key] of [['a', KEYS.limited], ['b', KEYS.limited], ['fl', KEYS.notShared], ['or', KEYS.noOrg]] as const) {
      await svc(['auth', 'login', '--with-token', '--profile', name], { env: env(), stdin: `${key}\n` });
    }
    const r = await svc(['usage', '--all', '--json'], { env: env() });
    const out = JSON.parse(r.stdout) as { keys: Array<{ profile: string; total?: { cost_usd: string }; same_key_as?: string }>; total: { cost_usd: string } };
    const a = out.keys.find((k) => k.profile === 'a')!;
    expect(out.keys.find((k) => k.profile === 'b')!.same_key_as).toBe('a');
    expect(out.total.cost_usd).toBe(a.total!.cost_usd);
    const text = await svc(['usage', '--all'], { env: env() });
    expect(text.stdout).toContain('or (sk-…');
    expect(text.stdout).toMatch(/or \(sk-…\w{4}\): belongs to no organization, so it has no usage\./);
    expect(text.stdout).toMatch(/fl \(sk-…\w{4}\): usage is not shared with its organization\./);
    expect(text.stdout).toMatch(/b \(sk-…\w{4}\): the same key as a, counted once in the TOTAL\./);
  });

  /** `svc usage --period PERIOD` in process, with this computer's clock set to `clock` through SVC_NOW. */
  async function usageAt(clock: string, gatewayUrl: string, period = 'today', json = false): Promise<{ code: number; out: string; err: string }> {
    const root = { name: 'svc', summary: '', commands: [usageCommand] };
    let out = '';
    let err = '';
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    const io = { stdin: Readable.from([]), stdout, stderr, env: { ...env(), SVC_GATEWAY_URL: gatewayUrl, SVC_API_KEY: KEYS.limited, SVC_NOW: clock }, cwd: at.home };
    const code = await runCli(root, ['usage', '--period', period, ...(json ? ['--json'] : [])], io);
    return { code, out, err };
  }

  /** The reference server behind a proxy that drops the `Date` header, as a service without a clock would answer. */
  async function withoutDate<T>(run: (url: string) => Promise<T>): Promise<T> {
    const proxy = createHttpServer((req, res) => {
      const ask = httpRequest(new URL(req.url!, at.server.url), { method: req.method, headers: req.headers }, (answer) => {
        const headers = { ...answer.headers };
        delete headers.date;
        res.sendDate = false;
        res.writeHead(answer.statusCode!, headers);
        answer.pipe(res);
      });
      req.pipe(ask);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      return await run(`http://127.0.0.1:${(proxy.address() as { port: number }).port}`);
    } finally {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  }

  it("usage counts its period from the service's today, and says when this computer's clock is ahead of it", async () => {
    // The samples' today is 2026-11-20 (samples/dataset.json); this computer's clock says five days later.
    const r = await usageAt('2026-11-25T09:00:00Z', at.server.url, 'week');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Period: last 7 days, 2026-11-14 – 2026-11-20 (UTC)');
    expect(r.out).toMatch(/The service's today is 2026-11-20 \(UTC\); this computer's clock says\s+2026-11-25, ahead of it\. Periods follow the service's\s+today\./);
    expect(r.out).toContain('TOTAL');
    const json = JSON.parse((await usageAt('2026-11-25T09:00:00Z', at.server.url, 'today', true)).out) as { period: Record<string, string> };
    expect(json.period).toMatchObject({ start_date: '2026-11-20', end_date: '2026-11-20', today: '2026-11-20', today_source: 'service', computer_today: '2026-11-25' });
    // A clock that agrees with the service's day is not remarked on.
    expect((await usageAt('2026-11-20T23:59:00Z', at.server.url)).out).not.toContain("this computer's clock");
  });

  it("usage for a day past the service's today is an empty period, not an error (like LiteLLM), when the service sends no date", async () => {
    const r = await withoutDate((url) => usageAt('2026-11-25T09:00:00Z', url));
    expect(r.code).toBe(0);
    expect(r.out).toContain('Period: today, 2026-11-25 (UTC)');
    expect(r.out).toContain('No requests in this period.');
    expect(r.out).not.toContain("The service's today");
  });

  it('usage names the period the service refused, and whose clock its dates came from', async () => {
    const refusing = await startReferenceServer({ faults: [{ path: '/user/daily/activity', status: 400 }] });
    try {
      const r = await usageAt('2026-11-26T09:00:00Z', refusing.url);
      expect(r.code).toBe(1);
      expect(r.err).toContain('the service refused the period today, 2026-11-20: ');
      expect(r.err).toContain("the dates come from the service's own today (2026-11-20, UTC, its Date header)");
    } finally {
      await refusing.close();
    }
  });

  it('a bad SVC_NOW is refused before anything is asked, naming it', async () => {
    const r = await usageAt('2026-02-30', at.server.url);
    expect(r.code).toBe(2);
    expect(r.err).toBe('svc: SVC_NOW: must be a day (YYYY-MM-DD) or an ISO 8601 time with its zone, e.g. 2027-01-01T09:30:00Z (got "2026-02-30")\n');
    expect(r.out).toBe('');
  });

  it('an unreachable gateway is named by its variable, and login saves nothing', async () => {
    const port = await refusedPort();
    const gone = { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: `http://127.0.0.1:${port}` };
    const login = await svc(['auth', 'login', '--with-token'], { env: gone, stdin: `${KEYS.limited}\n` });
    expect(login.code).toBe(1);
    expect(login.stderr).toContain(`could not reach the gateway at http://127.0.0.1:${port} (ECONNREFUSED) (check SVC_GATEWAY_URL and the network)`);
    expect(existsSync(join(at.cfg, 'credentials.json'))).toBe(false);
    const models = await svc(['models'], { env: { ...gone, SVC_API_KEY: KEYS.limited } });
    expect(models.stderr).toContain('(check SVC_GATEWAY_URL and the network)');
  });
});
