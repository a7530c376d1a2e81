import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, configFor, envVar, readTokens, startCli, startRedis, svcInProcess, type CliProcess, type TestRedis } from '../_harness/index.js';

// A worker lacking one organization's token variable: the reason in manifest.json, summary.md
// and index.html names that worker (host and process), as the queue page promises. The worker is
// a real process, so the process named is not the coordinator's, which runs as the built CLI in
// this process (svcInProcess): a Node start-up less.

const MONTH = '2026-10';
let tmp: string;
let redis: TestRedis;
let server: ReferenceServer;
const started: CliProcess[] = [];

describe.runIf(runs(hasRedis))('queue: a worker without a token', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'svc-queue-token-'));
    redis = await startRedis();
    server = await startReferenceServer({});
  });
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await server?.close();
    await redis?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('names the worker in manifest.json, summary.md and index.html', async () => {
    const tokens = await readTokens();
    const { config, env } = configFor(server.url, tokens, false);
    const missing = tokens.orgs[0]!.org_id;
    delete env[envVar(missing)];
    // Only the organization without its token: what is checked is its reason; any other would only be rendered.
    config.organizations = config.organizations.slice(0, 1);
    const path = join(tmp, 'runs.json');
    await writeFile(path, JSON.stringify(config));
    const out = join(tmp, 'out');
    const coordinator = svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', redis.url], {});
    const worker = startCli(['worker', '--queue', redis.url, '--month', MONTH], env);
    started.push(worker);
    expect((await coordinator).code).toBe(1);
    worker.child.kill('SIGINT');
    expect(await worker.exited).toBe(0);

    const who = `on worker ${hostname()} (process ${worker.child.pid})`;
    const expected = `environment variable ${envVar(missing)} (the reporting token of ${missing}) is not set ${who}`;
    const manifest = JSON.parse(await readFile(join(out, MONTH, 'manifest.json'), 'utf8')) as { organizations: Array<{ org_id: string; status: string; error?: string }> };
    const org = manifest.organizations.find((o) => o.org_id === missing)!;
    expect(org.status).toBe('failed');
    expect(org.error).toBe(expected);
    expect(await readFile(join(out, MONTH, 'summary.md'), 'utf8')).toContain(who);
    expect(await readFile(join(out, MONTH, 'index.html'), 'utf8')).toContain(who);
    // The worker's own line says it too.
    expect(worker.stderrLines().some((l) => l.startsWith(`svc worker: ${missing}: failed: `) && l.endsWith(who))).toBe(true);
  }, 120_000);
});

if (!runs(hasRedis)) it.skip(`queue: a worker without a token: ${NO_REDIS_REASON}`, () => {});
