import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { configFor, readTokens, svcBin, svcInProcess } from '../_harness/index.js';

// A run-level bound (issue 26): a service answering 429 with Retry-After 60 to everything would
// keep a month end waiting for hours; --deadline stops it, writes the manifest of what was done,
// and exits 1 with one line. The stuck run is the built `svc` as a process (nothing may keep it
// alive past the deadline), against the reference server with a persistent fault.

let server: ReferenceServer;
let dir: string;
beforeAll(async () => {
  server = await startReferenceServer({ faults: [{ path: '/api/orgs/*', status: 429, retryAfter: 60 }] });
  dir = mkdtempSync(join(tmpdir(), 'svc-deadline-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('svc month-end --deadline', () => {
  it('stops a run stuck behind Retry-After 60 at the deadline: manifest written, exit 1, one line', async () => {
    const { config, env } = configFor(server.url, await readTokens(), false);
    const cfg = join(dir, 'runs.json');
    writeFileSync(cfg, JSON.stringify(config));
    const out = join(dir, 'out');
    const r = await svcBin(['month-end', '--month', '2026-10', '--config', cfg, '--out', out, '--deadline', '3'], env);
    expect(r.code).toBe(1);
    expect(r.ms).toBeGreaterThanOrEqual(3000);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe("svc: the run's deadline (--deadline 3) passed; the manifest of what was done is written: run the same command again to finish (files already written are checked and skipped)");
    const manifest = JSON.parse(readFileSync(join(out, '2026-10', 'manifest.json'), 'utf8')) as { interrupted: boolean };
    expect(manifest.interrupted).toBe(true);
  }, 60_000);

  it('a --deadline that is not a number of seconds is refused before anything runs', async () => {
    // The flag check, not the process: the built code in this process.
    const r = await svcInProcess(['month-end', '--config', 'x.json', '--out', join(dir, 'never'), '--deadline', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('svc: --deadline must be a number of seconds above 0, at most 86400 (e.g. 30 or 2.5) (got "soon")');
  });
});
