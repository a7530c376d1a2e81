// Operator review: `svc verify` of a month whose run was interrupted (Ctrl-C: `interrupted: true`,
// organizations not run) printed notes, then "no differences" and exited 0, so `svc verify … &&
// archive` archived half a month. A month not complete exits 1 with one line on stderr saying so
// and how to finish it; once the run is finished the same folder verifies with exit 0. The run is
// stopped in this process (its signal aborted after the first organization, what Ctrl-C does to
// `svc month-end`), so where it stops does not depend on timing; verify is the real bin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { configFor, readTokens, svcBin } from '../_harness/index.js';

let tmp: string;
let server: ReferenceServer;
let run: () => Promise<Manifest>;
let interrupted: Manifest;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-verify-incomplete-'));
  server = await startReferenceServer({});
  const { config, env } = configFor(server.url, await readTokens());
  const out = join(tmp, 'out');
  run = () => runMonthEnd(config, { outDir: out, month: '2026-10', env, language: 'en', concurrency: 1 });
  const stop = new AbortController();
  interrupted = await runMonthEnd(config, {
    outDir: out, month: '2026-10', env, language: 'en', concurrency: 1, signal: stop.signal,
    onProgress: (p) => { if (p.organizations_done >= 1) stop.abort(new Error('SIGINT')); },
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('svc verify of a month the run did not finish', () => {
  it('an interrupted run: not complete, one line on stderr naming why and the command that finishes it, exit 1; exit 0 once the run is finished', async () => {
    const unfinished = interrupted.organizations.filter((o) => o.status === 'interrupted' || o.status === 'not_run').length;
    expect([interrupted.interrupted, unfinished > 0]).toEqual([true, true]);
    const r = await svcBin(['verify', join('out', '2026-10')], {}, { cwd: tmp });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toBe(
      `svc: 2026-10 is not complete: the run was interrupted (Ctrl-C, SIGTERM or its deadline) with ${unfinished} of ${interrupted.organizations.length} organizations not finished; ` +
        'run the month end again to finish it (svc month-end --config <its runs.json> --out out --month 2026-10 resumes where it stopped), then verify it again\n',
    );
    // What the run did finish is still as it made it: the closing line says both.
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^2026-10: not complete; no differences \(\d+ files checked against the manifest; /);

    const json = await svcBin(['verify', join('out', '2026-10'), '--json'], {}, { cwd: tmp });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, differences: [], incomplete: expect.stringContaining('the run was interrupted') });

    // The same command again finishes the month: now it is complete and verifies.
    const finished = await run();
    expect(finished.interrupted).toBe(false);
    const again = await svcBin(['verify', join('out', '2026-10')], {}, { cwd: tmp });
    expect([again.code, again.stderr], again.stdout).toEqual([0, '']);
    expect(again.stdout.trimEnd().split('\n').at(-1)).toMatch(/^2026-10: no differences \(/);
  }, 120_000);
});
