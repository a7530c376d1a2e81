import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, configFor, readTokens, startCli, startRedis, svcInProcess, waitFor, type CliProcess, type TestRedis } from '../_harness/index.js';

// What an operator gets wrong: a worker that cannot see the output folder, a second run with
// other settings while the first is unfinished in the queue. Real redis-server, bundled samples.
// A real process where a signal stops it (the worker that does the job, the first run interrupted
// with exit 130); the commands that end by themselves, and whose message and exit code are the
// point, run as the built CLI in this process (svcInProcess): three Node start-ups less.

const MONTH = '2026-10';
let tmp: string;
let redis: TestRedis;
let server: ReferenceServer;
const started: CliProcess[] = [];

describe.runIf(runs(hasRedis))('queue: operator mistakes', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'svc-queue-ops-'));
    redis = await startRedis();
    server = await startReferenceServer({});
  });
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await server?.close();
    await redis?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  async function configFile(name: string, only?: string[]): Promise<{ path: string; env: Record<string, string> }> {
    const { config, env } = configFor(server.url, await readTokens(), false);
    if (only) config.organizations = config.organizations.filter((o) => only.includes(o.org_id));
    const path = join(tmp, name);
    await writeFile(path, JSON.stringify(config));
    return { path, env };
  }

  it('a worker that cannot see the output folder stops with the reason; another worker does its job', async () => {
    // One organization: its one job is the one the blind worker takes, so the run ends well only if
    // that job is given back and done by the other worker (the samples' other three were only rendered).
    const { path, env } = await configFile('runs-a.json', ['org-nordlys']);
    const coordinator = svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', join(tmp, 'out-a'), '--queue', redis.url], {});
    const blind = await svcInProcess(['worker', '--queue', redis.url, '--month', MONTH, '--out', join(tmp, 'not-mounted')], env);
    expect(blind.code).toBe(1);
    expect(blind.stderr.split('\n').filter(Boolean).at(-1)).toBe(`svc: the run's output folder ${join(tmp, 'not-mounted', MONTH)} does not exist on this machine (mount the shared output folder on this machine, and give its path with --out if it differs from the coordinator's)`);
    const good = startCli(['worker', '--queue', redis.url, '--month', MONTH], env);
    started.push(good);
    expect((await coordinator).code).toBe(0);
    good.child.kill('SIGINT');
    expect(await good.exited).toBe(0);
  }, 90_000);

  it('refuses to mix a run with other settings into an unfinished one, naming what differs', async () => {
    const { path } = await configFile('runs-b.json');
    const first = startCli(['month-end', '--month', MONTH, '--config', path, '--out', join(tmp, 'out-b'), '--queue', redis.url], {});
    started.push(first);
    await waitFor(async () => (await redis.keys()).some((k) => k.includes(`${MONTH}.org.`)), 'the first run\'s jobs', 30_000);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    const second = await svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', join(tmp, 'out-b'), '--queue', redis.url, '--language', 'en'], {});
    expect(second.code).toBe(1);
    expect(second.stderr.split('\n').filter(Boolean).at(-1)).toMatch(/^svc: queue svc-month-end-2026-10 holds an unfinished run with other settings \(language differs\) \(rerun with the settings of the unfinished run/);
  }, 90_000);
});

if (!runs(hasRedis)) it.skip(`queue: operator mistakes: ${NO_REDIS_REASON}`, () => {});
