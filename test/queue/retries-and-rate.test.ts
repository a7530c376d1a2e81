import { createServer, request as httpRequest, type Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { startReferenceServer } from '../../src/server/index.js';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, configFor, readTokens, svcInProcess, useQueue, type QueueSetup } from '../_harness/index.js';

// Reliability from BullMQ, seen from outside: a server error past the client's own retries is
// retried by the queue after its backoff; a refused token (401) fails at once, never retried;
// --rate spaces the run's requests across workers. Bundled samples, real redis-server, real HTTP.
// The workers are real `svc worker` processes (what is retried and gated is theirs, and the rate
// must hold across processes); the coordinator, which only enqueues, follows and writes the
// manifest, runs as the built CLI in this process (svcInProcess): a Node start-up less per run.

const MONTH = '2026-10';
// The file's temporary folder and redis-server (set in the describe block, whose hooks make them).
let q: QueueSetup;

async function monthEnd(server: string, env: Record<string, string>, extra: string[], out: string, workerEnv: Record<string, string>, workers = 1, only?: string[]) {
  const tokens = await readTokens();
  const { config } = configFor(server, tokens, false);
  if (only) config.organizations = config.organizations.filter((o) => only.includes(o.org_id));
  const configPath = join(q.tmp, `runs-${out}.json`);
  await writeFile(configPath, JSON.stringify(config));
  const coordinator = svcInProcess(['month-end', '--month', MONTH, '--config', configPath, '--out', join(q.tmp, out), '--queue', q.redis.url, ...extra], env);
  const ws = Array.from({ length: workers }, () => q.start(['worker', '--queue', q.redis.url, '--month', MONTH], workerEnv));
  const { code } = await coordinator;
  for (const w of ws) w.child.kill('SIGINT');
  await Promise.all(ws.map((w) => w.exited));
  const manifest = JSON.parse(await readFile(join(q.tmp, out, MONTH, 'manifest.json'), 'utf8')) as Manifest;
  return { code, manifest, workers: ws };
}

describe.runIf(runs(hasRedis))('queue retries and rate', () => {
  q = useQueue({ prefix: 'svc-queue-retry-' });

  it('retries a server error with backoff and never retries a refused token', async () => {
    // Three 503s: the client's first try and its two retries, so the job's first attempt fails.
    // Only the two organizations the test is about: the samples' other two would be rendered for nothing.
    const server = await startReferenceServer({ faults: [{ path: '/api/orgs/org-nordlys/invoices', status: 503, times: 3 }] });
    try {
      const tokens = await readTokens();
      const { env } = configFor(server.url, tokens, false);
      const wrong = { ...env, [Object.keys(env).find((k) => k.includes('KATTEGAT'))!]: 'svc_wrong_token_0123456789' };
      const t0 = Date.now();
      const { code, manifest, workers } = await monthEnd(server.url, {}, [], 'retry', wrong, 1, ['org-nordlys', 'org-kattegat']);
      const byId = Object.fromEntries(manifest.organizations.map((o) => [o.org_id, o]));
      expect(byId['org-nordlys']!.status).toBe('ok');
      expect(byId['org-kattegat']).toMatchObject({ status: 'failed' });
      expect(byId['org-kattegat']!.parts.every((p) => p.status === 'failed' && p.http_status === 401)).toBe(true);
      expect(code).toBe(1);
      const log = workers[0]!.stderrLines();
      expect(log.filter((l) => l.startsWith('svc worker: org-nordlys: '))).toEqual([
        expect.stringMatching(/^svc worker: org-nordlys: attempt 1 of 4 failed, retried later: invoices: 503: /),
        // Its 6 documents and the 3 files of the answers they were made from (issue 38): the index, which
        // holds the invoice list and the plan cost itself (small text), and the two usage answers.
        'svc worker: org-nordlys: ok, 9 files',
      ]);
      // BullMQ's backoff: the retry came at least 2.5 s (5 s less the jitter) after the first attempt.
      expect(Date.now() - t0).toBeGreaterThan(2500);
      expect(log.filter((l) => l.startsWith('svc worker: org-kattegat: '))).toEqual([expect.stringMatching(/^svc worker: org-kattegat: failed: invoices: 401: the token in TEST_TOKEN_ORG_KATTEGAT was refused/)]);
    } finally {
      await server.close();
    }
  }, 90_000);

  it('--rate N keeps the requests of all workers to N a second', async () => {
    const server = await startReferenceServer({});
    // A recording proxy in front of the reference server: when each request arrived.
    const seen: number[] = [];
    const target = new URL(server.url);
    const proxy: Server = createServer((req, res) => {
      seen.push(Date.now());
      const up = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    try {
      const { env } = configFor(proxyUrl, await readTokens(), false);
      // Two organizations make 11 requests (2026-12-07): at rate 2 that is 6 windows.
      const rate = 2;
      const { code } = await monthEnd(proxyUrl, {}, ['--rate', String(rate)], 'rate', env, 2, ['org-nordlys', 'org-kattegat']);
      expect(code).toBe(0);
      seen.sort((a, b) => a - b);
      expect(seen.length).toBeGreaterThan(3 * rate);
      // Fixed one-second windows: n requests need ceil(n / rate) windows; the first and the last may be
      // partial, so the requests span more than that many seconds less two (less what a request takes
      // from its permit to the proxy: on a loaded machine more than a second for the first, which also
      // opens its connection; a full suite on 2 cores once saw 2,998 ms for 11 requests, so two seconds
      // are allowed). Without the gate all of them arrive within a few milliseconds.
      const span = seen.at(-1)! - seen[0]!;
      expect(span).toBeGreaterThanOrEqual((Math.ceil(seen.length / rate) - 4) * 1000);
      // And no second holds more than the permits of the windows it can reach: two, and one more
      // for the same up-to-a-second delay to the proxy (9 of rate 4 arrived within a second once, in
      // a full suite on 2 cores). Without the gate all of them arrive at once: more than 3 * rate.
      for (const t of seen) expect(seen.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(3 * rate);
    } finally {
      await new Promise((r) => proxy.close(r));
      await server.close();
    }
  }, 90_000);
});

if (!runs(hasRedis)) it.skip(`queue retries and rate: ${NO_REDIS_REASON}`, () => {});
