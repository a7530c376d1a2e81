import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { BIN, svcBin } from '../cli/_bin.js';
import { configFor, readTokens } from './_server.js';

// The month folder's lock (issue 26): runs started at once on one folder never both write, an
// empty lock file (an older svc between creating and writing it) is not taken for stale while
// young, and a lock of a process that is gone is taken over. The built `svc` as real processes
// (the lock is between processes), a real server.

let server: ReferenceServer;
let dir: string;
let cfg: string;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startReferenceServer({});
  dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  // One organization: the race is about the lock, not the documents, and the winner's run is
  // then short; it still writes Nordlys's invoices and workbook while the others try the lock.
  const tokens = await readTokens();
  const made = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys') }, false);
  expect(made.config.organizations).toHaveLength(1);
  env = made.env;
  cfg = join(dir, 'runs.json');
  writeFileSync(cfg, JSON.stringify(made.config));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(out: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'month-end', '--month', '2026-10', '--config', cfg, '--out', out], { env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_NO_UPDATE_CHECK: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('the month-end lock', () => {
  it('four runs started at once on one folder: exactly one runs, the others are refused by name (5 trials)', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const out = join(dir, `race-${trial}`);
      const runs = await Promise.all([start(out), start(out), start(out), start(out)]);
      const ran = runs.filter((r) => r.code === 0);
      const refused = runs.filter((r) => /another month-end run \(process \d+\) is writing to /.test(r.stderr));
      expect(ran, `trial ${trial}: ${runs.map((r) => `${r.code} ${r.stderr}`).join('\n')}`).toHaveLength(1);
      expect(refused).toHaveLength(3);
      for (const r of refused) expect(r.code).toBe(1);
      expect(readdirSync(join(out, '2026-10')).filter((f) => f.includes('.lock'))).toEqual([]);
    }
  }, 180_000);

  it('an empty lock file that is young is held (refused, and left in place); an old one is taken over', async () => {
    const out = join(dir, 'empty-lock');
    mkdirSync(join(out, '2026-10'), { recursive: true });
    const lock = join(out, '2026-10', '.svc-month-end.lock');
    writeFileSync(lock, '');
    const young = await svcBin(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env);
    expect(young.code).toBe(1);
    expect(young.stderr).toBe(`svc: another month-end run is writing to ${join(out, '2026-10')} (wait for the other run to finish, or use another --out folder)\n`);
    expect(readdirSync(join(out, '2026-10'))).toEqual(['.svc-month-end.lock']);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    const taken = await svcBin(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env);
    expect(taken.code, taken.stderr).toBe(0);
    expect(readdirSync(join(out, '2026-10')).filter((f) => f.includes('.lock'))).toEqual([]);
  }, 60_000);

  it('a lock of a process that is gone is taken over', async () => {
    const out = join(dir, 'dead-lock');
    mkdirSync(join(out, '2026-10'), { recursive: true });
    // A pid that exited: a child that has finished.
    const gone = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ['-e', '']);
      c.on('close', () => resolve(c.pid!));
    });
    writeFileSync(join(out, '2026-10', '.svc-month-end.lock'), String(gone));
    const r = await svcBin(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);
});
