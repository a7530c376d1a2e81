import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, refusedPort, startRedis, svcInProcess, waitFor, useQueue, type CliProcess } from '../_harness/index.js';

// A Redis that is not there, says nothing, or dies mid-run: the coordinator and the worker each
// end within --timeout with one line naming the URL (no password) and the cause, exit 1, and
// leave no lock. Real redis-server and the built `svc`.
//
// The tests run at once (describe.concurrent): each is its own processes, its own Redis or port
// and its own files, and most of each is waiting for a time limit, so the file takes about its
// longest test rather than the sum. Each therefore asserts with its own `expect` (the test
// context's), and every time bound runs from something the test sees happen (a connection, Redis
// going) or gives Node's start-up its own allowance: at once, eight processes start together.

const MONTH = '2026-10';
const silentPorts: Array<{ close(): void }> = [];

/**
 * A port that takes connections and never answers, one per test (tests run at once), with when
 * each connection came in: a time limit runs from svc's first connection, not from its start-up.
 */
async function silentPort(): Promise<{ port: number; accepted: number[] }> {
  const accepted: number[] = [];
  const sockets: Socket[] = [];
  const silent: Server = createServer((s) => { accepted.push(Date.now()); sockets.push(s); s.on('error', () => {}); });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPorts.push({ close: () => { for (const s of sockets) s.destroy(); silent.close(); } });
  return { port: (silent.address() as { port: number }).port, accepted };
}

/** What must never reach a person: a raw error object, a stack frame, ioredis's own words. */
function expectNoRawError(expect: ExpectStatic, lines: string[]): void {
  for (const line of lines) {
    expect(line).not.toMatch(/^\s+at |errno:|syscall:|\[ioredis\]|^Error: |^\{|^\}/);
  }
}

/** The exit code and how long it took; a process still running after `maxSeconds` is a hang: killed, and the test fails with its stderr. */
async function timed(p: CliProcess, maxSeconds = 20): Promise<{ code: number | string; seconds: number; endedAt: number }> {
  const t0 = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((r) => { timer = setTimeout(() => r('hang'), maxSeconds * 1000); });
  const code = await Promise.race([p.exited, hang]);
  clearTimeout(timer);
  if (code === 'hang') {
    p.child.kill('SIGKILL');
    throw new Error(`still running after ${maxSeconds} s; stderr:\n${p.stderrLines().join('\n')}`);
  }
  return { code, seconds: (Date.now() - t0) / 1000, endedAt: Date.now() };
}

describe.runIf(runs(hasRedis))('queue: a dead Redis', { concurrent: true }, () => {
  const q = useQueue({ prefix: 'svc-dead-redis-', redis: false, server: {} });
  afterAll(() => {
    for (const s of silentPorts) s.close();
  });
  const run = (args: string[], env: Record<string, string> = {}): CliProcess => q.start(args, env);

  // A refused connection is known at once, so the limit given is far above what the run may take:
  // one that waited for it instead would be killed as a hang at NEVER_STARTED_BOUND and fail.
  // The bound is from spawn and so holds Node's start-up, all of it here (the bound was 10 s with a
  // 20 s limit, and a run took 15 s once, at load, with eight processes starting at once).
  const NEVER_STARTED_LIMIT = 90;
  const NEVER_STARTED_BOUND = 40;

  it('never started: the coordinator says so at once, prints nothing before, makes no folder and no lock', async ({ expect }) => {
    const { path } = await q.configFile('runs-none.json');
    const port = await refusedPort();
    const out = join(q.tmp, 'out-none');
    const p = run(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', `redis://:s3cret-pw@127.0.0.1:${port}`, '--timeout', String(NEVER_STARTED_LIMIT)]);
    const { code, seconds } = await timed(p, NEVER_STARTED_BOUND);
    expect(code).toBe(1);
    expect(seconds).toBeLessThan(NEVER_STARTED_BOUND);
    expect(p.stderrLines()).toEqual([
      `svc: cannot reach Redis at redis://:***@127.0.0.1:${port}: ECONNREFUSED (is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS)`,
    ]);
    expect(p.stdout()).toBe('');
    expect(existsSync(join(out, MONTH))).toBe(false);
  }, 60_000);

  it('never started: the worker says so at once, password masked', async ({ expect }) => {
    const port = await refusedPort();
    const p = run(['worker', '--queue', `redis://:s3cret-pw@127.0.0.1:${port}`, '--month', MONTH, '--timeout', String(NEVER_STARTED_LIMIT)]);
    const { code, seconds } = await timed(p, NEVER_STARTED_BOUND);
    expect(code).toBe(1);
    expect(seconds).toBeLessThan(NEVER_STARTED_BOUND);
    expect(p.stderrLines()).toEqual([
      `svc: cannot reach Redis at redis://:***@127.0.0.1:${port}: ECONNREFUSED (is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS)`,
    ]);
  }, 60_000);

  describe('silent: a port that takes the connection and never answers', () => {
    // The limit the tests set, and how long after svc's first connection it may end: the limit plus
    // 8 s for a loaded machine (the bound was 12 s from spawn; a worker took 15.3 s at load 12,
    // most of it Node starting up). Still well under the worker's default of 15 s, so a limit
    // ignored fails. Start-up itself is only bounded as a hang: TIMEOUT + START_UP from spawn.
    const TIMEOUT = 2;
    const ALLOWANCE = 8;
    const START_UP = 40;
    function expectGaveUpWithin(expect: ExpectStatic, connectedAt: number | undefined, endedAt: number): void {
      expect(connectedAt, 'svc never connected to the silent port').toBeDefined();
      expect((endedAt - connectedAt!) / 1000).toBeLessThan(TIMEOUT + ALLOWANCE);
    }

    it('the coordinator gives up after --timeout, with no lock left', async ({ expect }) => {
      const silent = await silentPort();
      const { path } = await q.configFile('runs-silent.json');
      const out = join(q.tmp, 'out-silent');
      const p = run(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', `redis://127.0.0.1:${silent.port}`, '--timeout', String(TIMEOUT)]);
      const { code, seconds, endedAt } = await timed(p, TIMEOUT + START_UP);
      expect(code).toBe(1);
      expect(seconds).toBeGreaterThanOrEqual(TIMEOUT);
      expectGaveUpWithin(expect, silent.accepted[0], endedAt);
      expect(p.stderrLines()).toEqual([
        `svc: cannot reach Redis at redis://127.0.0.1:${silent.port}: no answer within 2 s (is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS)`,
      ]);
      expect(existsSync(join(out, MONTH, '.svc-month-end.lock'))).toBe(false);
    }, 60_000);

    it('the worker gives up after SVC_TIMEOUT', async ({ expect }) => {
      const silent = await silentPort();
      const p = run(['worker', '--queue', `redis://127.0.0.1:${silent.port}`, '--month', MONTH], { SVC_TIMEOUT: String(TIMEOUT) });
      const { code, seconds, endedAt } = await timed(p, TIMEOUT + START_UP);
      expect(code).toBe(1);
      expect(seconds).toBeGreaterThanOrEqual(TIMEOUT);
      expectGaveUpWithin(expect, silent.accepted[0], endedAt);
      expect(p.stderrLines()).toEqual([
        `svc: cannot reach Redis at redis://127.0.0.1:${silent.port}: no answer within 2 s (is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS)`,
      ]);
    }, 60_000);
  });

  for (const how of ['SIGKILL', 'SIGTERM'] as const) {
    const what = how === 'SIGKILL' ? 'killed' : 'stopped';
    it(`${what} mid-run: the coordinator writes the manifest of what is done, releases the lock, exits 1 with one line`, async ({ expect }) => {
      const redis = await startRedis();
      try {
        const { path } = await q.configFile(`runs-${what}.json`);
        const out = join(q.tmp, `out-${what}`);
        // No worker: the jobs wait in Redis, and the coordinator follows them until Redis goes.
        const p = run(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', redis.url, '--timeout', '2']);
        await waitFor(() => p.stderrLines().some((l) => l.startsWith('svc: organizations go to queue')), 'the coordinator connected', 45_000);
        await waitFor(async () => (await redis.keys()).some((k) => k.includes(`${MONTH}.org.`)), 'the jobs in Redis', 30_000);
        expect(existsSync(join(out, MONTH, '.svc-month-end.lock'))).toBe(true);
        await redis.stop(how);
        const { code, seconds } = await timed(p);
        expect(code).toBe(1);
        expect(seconds).toBeLessThan(15);
        const lines = p.stderrLines();
        expectNoRawError(expect, lines);
        expect(lines.at(-1)).toMatch(new RegExp(`^svc: lost Redis at ${redis.url.replace(/\./g, '\\.')} for [2-9]\\.\\d s: (ECONNREFUSED|connection lost|no answer) \\(the manifest of what was done is written; run the same command again once Redis is back: files already written are checked and skipped\\)$`));
        expect(existsSync(join(out, MONTH, '.svc-month-end.lock'))).toBe(false);
        const manifest = JSON.parse(await readFile(join(out, MONTH, 'manifest.json'), 'utf8')) as { interrupted: boolean; summary: { not_run: number } };
        expect(manifest.interrupted).toBe(true);
        expect(manifest.summary.not_run).toBeGreaterThan(0);
      } finally {
        await redis.stop().catch(() => {});
      }
    }, 90_000);
  }

  // Issue 43: SIGSTOP leaves every connection open and answers nothing; the coordinator said it
  // had lost Redis and written the manifest, then never exited, even once Redis answered again.
  it('silent mid-run (SIGSTOP), with a worker: the coordinator and the worker each end within --timeout with one line, Redis still silent; and after it answers again', async ({ expect }) => {
    const redis = await startRedis();
    try {
      const { path, env } = await q.configFile('runs-paused.json');
      const out = join(q.tmp, 'out-paused');
      const p = run(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', redis.url, '--timeout', '2']);
      await waitFor(() => p.stderrLines().some((l) => l.startsWith('svc: organizations go to queue')), 'the coordinator connected', 45_000);
      await waitFor(async () => (await redis.keys()).some((k) => k.includes(`${MONTH}.org.`)), 'the jobs in Redis', 30_000);
      // A worker that has started: the coordinator follows jobs being worked on when Redis goes quiet.
      const w = run(['worker', '--queue', redis.url, '--month', MONTH, '--timeout', '2', '--concurrency', '1'], env);
      await waitFor(() => w.stderrLines().some((l) => l.startsWith('svc worker: working ')), 'the worker working', 45_000);
      redis.pause();
      const pausedAt = Date.now();
      const [coordinator, worker] = await Promise.all([timed(p, 30), timed(w, 30)]);
      // Both ended while Redis was still silent.
      expect(coordinator.code).toBe(1);
      expect(worker.code).toBe(1);
      expect((coordinator.endedAt - pausedAt) / 1000).toBeLessThan(15);
      const lines = p.stderrLines();
      expectNoRawError(expect, lines);
      expect(lines.at(-1)).toMatch(new RegExp(`^svc: lost Redis at ${redis.url.replace(/\./g, '\\.')} for [2-9]\\.\\d s: (connection lost|no answer) \\(the manifest of what was done is written; run the same command again once Redis is back: files already written are checked and skipped\\)$`));
      expect(existsSync(join(out, MONTH, '.svc-month-end.lock'))).toBe(false);
      const manifest = JSON.parse(await readFile(join(out, MONTH, 'manifest.json'), 'utf8')) as { interrupted: boolean; in_progress?: boolean };
      expect([manifest.interrupted, manifest.in_progress]).toEqual([true, undefined]);
      expectNoRawError(expect, w.stderrLines());
      // Redis answers again: a coordinator started now follows the same jobs (this run, restarted) rather than hanging.
      redis.resume();
      const again = run(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', redis.url, '--timeout', '2', '--deadline', '4']);
      const { code } = await timed(again, 40);
      expect(code).toBe(1);
      expect(again.stderrLines().some((l) => l.startsWith('svc: organizations go to queue'))).toBe(true);
    } finally {
      await redis.stop().catch(() => {});
    }
  }, 120_000);

  it('killed mid-run: the worker ends within --timeout with one line', async ({ expect }) => {
    const redis = await startRedis();
    try {
      const p = run(['worker', '--queue', redis.url, '--month', MONTH, '--timeout', '2']);
      await waitFor(() => p.stderrLines().some((l) => l.startsWith('svc worker: working ')), 'the worker working', 45_000);
      await redis.stop('SIGKILL');
      const { code, seconds } = await timed(p);
      expect(code).toBe(1);
      expect(seconds).toBeLessThan(15);
      const lines = p.stderrLines();
      expectNoRawError(expect, lines);
      expect(lines.at(-1)).toMatch(new RegExp(`^svc: lost Redis at ${redis.url.replace(/\./g, '\\.')} for [2-9]\\.\\d s: (ECONNREFUSED|connection lost|no answer) \\(the jobs in hand are taken over by another worker once Redis is back; start this worker again then\\)$`));
      // The retried connection's error is said once, not at every attempt.
      expect(lines.filter((l) => l.includes('ECONNREFUSED')).length).toBeLessThanOrEqual(2);
    } finally {
      await redis.stop().catch(() => {});
    }
  }, 90_000);

  it('--queue localhost:19179 is refused before anything is printed, quoting what was typed', async ({ expect }) => {
    const { path } = await q.configFile('runs-typo.json');
    // A refused flag, not a process's ending: the built CLI in this process (svcInProcess).
    const [p, w] = await Promise.all([
      svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', join(q.tmp, 'out-typo'), '--queue', 'localhost:19179']),
      svcInProcess(['worker', '--queue', 'localhost:19179']),
    ]);
    expect(p.code).toBe(2);
    expect(p.stdout).toBe('');
    expect(p.stderr.split('\n').filter(Boolean)).toEqual([
      'svc: --queue: must start with redis:// or rediss:// (got "localhost:19179")',
      'Run "svc month-end --help" for usage.',
    ]);
    expect(w.code).toBe(2);
    expect(w.stderr.split('\n').filter(Boolean)[0]).toBe('svc: --queue: must start with redis:// or rediss:// (got "localhost:19179")');
  }, 60_000);
});

if (!runs(hasRedis)) it.skip(`queue: a dead Redis: ${NO_REDIS_REASON}`, () => {});
