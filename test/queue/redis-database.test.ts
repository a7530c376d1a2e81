// Issues 37 and 43: `redis://host:port/99` on a Redis with the default 16 databases. The run used
// to announce database 99, queue in database 0 and wait for ever; the worker printed "ERR DB index
// is out of range" and worked database 0. Now both refuse the URL at once with one line, exit 2,
// nothing queued or made; and a database the server has is the one used. The built `svc` as real
// processes, a real redis-server.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, svcBin, waitFor, useQueue } from '../_harness/index.js';

const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
const MONTH = '2026-10';

describe.runIf(runs(hasRedis))('queue: the database of the Redis URL', () => {
  const q = useQueue({ prefix: 'svc-queue-db-', server: {} });
  let cfg: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    ({ path: cfg, env } = await q.configFile('runs.json', ['org-nordlys']));
  });

  const refusal = (url: string) =>
    `svc: --queue: ${url} names database 99, which the Redis server there does not have (it answered "DB index is out of range") (a Redis server has databases 0 to 15 unless its \`databases\` setting says more; name one it has, the same for the run and its workers)`;

  it('a database the server lacks: month-end --queue refuses it at once, nothing queued or made', async () => {
    const url = `${q.redis.url}/99`;
    const out = join(q.tmp, 'out-99');
    const r = await svcBin(['month-end', '--month', MONTH, '--config', cfg, '--out', out, '--queue', url, '--timeout', '10'], env, { killAfterMs: 45_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([refusal(url)]);
    expect(existsSync(out)).toBe(false);
    expect(await q.redis.keys()).toEqual([]);
  }, 60_000);

  it('a database the server lacks: svc worker refuses it at once instead of working database 0', async () => {
    const url = `${q.redis.url}/99`;
    const r = await svcBin(['worker', '--queue', url, '--month', MONTH, '--timeout', '10'], env, { killAfterMs: 45_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([refusal(url)]);
    expect(await q.redis.keys()).toEqual([]);
  }, 60_000);

  it('a database the server has is the one the run queues in and the worker works', async () => {
    const url = `${q.redis.url}/3`;
    const db3 = new Redis(`${q.redis.url}/3`, { maxRetriesPerRequest: 1 });
    try {
      const coordinator = q.start(['month-end', '--month', MONTH, '--config', cfg, '--out', join(q.tmp, 'out-3'), '--queue', url], {});
      await waitFor(async () => (await db3.keys(`bull:svc-month-end-${MONTH}:*`)).length > 0, 'the run\'s jobs in database 3', 30_000);
      expect(await q.redis.keys()).toEqual([]);
      const worker = q.start(['worker', '--queue', url, '--month', MONTH], env);
      expect(await coordinator.exited, coordinator.stderrLines().join('\n')).toBe(0);
      worker.child.kill('SIGINT');
      expect(await worker.exited).toBe(0);
      // Its 6 documents and the 3 files of the answers they were made from (issue 38): the index, which
      // holds the invoice list and the plan cost itself (small text), and the two usage answers.
      expect(worker.stderrLines()).toContain('svc worker: org-nordlys: ok, 9 files');
      expect(await q.redis.keys()).toEqual([]);
    } finally {
      db3.disconnect();
    }
  }, 90_000);
});

if (!runs(hasRedis)) it.skip(`queue: the database of the Redis URL: ${NO_REDIS_REASON}`, () => {});
