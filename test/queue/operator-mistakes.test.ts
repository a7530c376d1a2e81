import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, svcInProcess, waitFor, useQueue } from '../_harness/index.js';

// What an operator gets wrong: a worker that cannot see the output folder, a second run with
// other settings while the first is unfinished in the queue. Real redis-server, bundled samples.
// A real process where a signal stops it (the worker that does the job, the first run interrupted
// with exit 130); the commands that end by themselves, and whose message and exit code are the
// point, run as the built CLI in this process (svcInProcess): three Node start-ups less.

const MONTH = '2026-10';

describe.runIf(runs(hasRedis))('queue: operator mistakes', () => {
  const q = useQueue({ prefix: 'svc-queue-ops-', server: {} });

  it('a worker that cannot see the output folder stops with the reason; another worker does its job', async () => {
    // One organization: its one job is the one the blind worker takes, so the run ends well only if
    // that job is given back and done by the other worker (the samples' other three were only rendered).
    const { path, env } = await q.configFile('runs-a.json', ['org-nordlys']);
    const coordinator = svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', join(q.tmp, 'out-a'), '--queue', q.redis.url], {});
    const blind = await svcInProcess(['worker', '--queue', q.redis.url, '--month', MONTH, '--out', join(q.tmp, 'not-mounted')], env);
    expect(blind.code).toBe(1);
    expect(blind.stderr.split('\n').filter(Boolean).at(-1)).toBe(`svc: the run's output folder ${join(q.tmp, 'not-mounted', MONTH)} does not exist on this machine (mount the shared output folder on this machine, and give its path with --out if it differs from the coordinator's)`);
    const good = q.start(['worker', '--queue', q.redis.url, '--month', MONTH], env);
    expect((await coordinator).code).toBe(0);
    good.child.kill('SIGINT');
    expect(await good.exited).toBe(0);
  }, 90_000);

  it('refuses to mix a run with other settings into an unfinished one, naming what differs', async () => {
    const { path } = await q.configFile('runs-b.json');
    const first = q.start(['month-end', '--month', MONTH, '--config', path, '--out', join(q.tmp, 'out-b'), '--queue', q.redis.url], {});
    await waitFor(async () => (await q.redis.keys()).some((k) => k.includes(`${MONTH}.org.`)), 'the first run\'s jobs', 30_000);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(130);
    const second = await svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', join(q.tmp, 'out-b'), '--queue', q.redis.url, '--language', 'en'], {});
    expect(second.code).toBe(1);
    expect(second.stderr.split('\n').filter(Boolean).at(-1)).toMatch(/^svc: queue svc-month-end-2026-10 holds an unfinished run with other settings \(language differs\) \(rerun with the settings of the unfinished run/);
  }, 90_000);
});

if (!runs(hasRedis)) it.skip(`queue: operator mistakes: ${NO_REDIS_REASON}`, () => {});
