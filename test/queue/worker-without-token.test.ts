import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasRedis, runs } from '../_tools.js';
import { NO_REDIS_REASON, configFor, envVar, readTokens, svcInProcess, useQueue } from '../_harness/index.js';

// A worker lacking one organization's token variable: the reason in manifest.json, summary.md
// and index.html names that worker (host and process), as the queue page promises. The worker is
// a real process, so the process named is not the coordinator's, which runs as the built CLI in
// this process (svcInProcess): a Node start-up less.

const MONTH = '2026-10';

describe.runIf(runs(hasRedis))('queue: a worker without a token', () => {
  const q = useQueue({ prefix: 'svc-queue-token-', server: {} });

  it('names the worker in manifest.json, summary.md and index.html', async () => {
    const tokens = await readTokens();
    const { config, env } = configFor(q.server.url, tokens, false);
    const missing = tokens.orgs[0]!.org_id;
    delete env[envVar(missing)];
    // Only the organization without its token: what is checked is its reason; any other would only be rendered.
    config.organizations = config.organizations.slice(0, 1);
    const path = join(q.tmp, 'runs.json');
    await writeFile(path, JSON.stringify(config));
    const out = join(q.tmp, 'out');
    const coordinator = svcInProcess(['month-end', '--month', MONTH, '--config', path, '--out', out, '--queue', q.redis.url], {});
    const worker = q.start(['worker', '--queue', q.redis.url, '--month', MONTH], env);
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
