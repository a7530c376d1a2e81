import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDoor } from './_door.js';
import type { RunConfig } from '../../src/runner/config/config.js';
import { BIN, configFor, readTokens, svcInProcess, useReferenceServer } from '../_harness/index.js';

// The month folder's lock (issue 26): runs started at once on one folder never both write, an
// empty lock file (an older svc between creating and writing it) is not taken for stale while
// young, and a lock of a process that is gone is taken over. The race is of the built `svc` as
// real processes (the lock is between processes); the runs that meet a lock file the test wrote
// (empty, or of a process that is gone) are the built CLI in this process (svcInProcess): the
// other side of those is a file, not a process. A real server.
//
// The runs are of August 2026, a month without invoices for Nordlys: the lock is the point, not
// the documents, and the winner's run is then mostly start-up (its cost workbook, summary and
// page) rather than rendering PDFs and e-invoices.
const MONTH = '2026-08';
// The doors (below) make every trial decisive: all four runs are at the lock while the first
// holds it, so a lock that lets two through is caught in each trial. Measured with the lock
// broken in dist/core/lock/lock.js: a plain write of the lock file instead of the exclusive create
// (link) was caught in 10 of 10 trials (all four ran); a look-then-write lock, whose window is
// microseconds, in 0 of 10 here (these runs reach the lock milliseconds apart) and in every run
// of test/core/lock.test.ts, whose processes take it at one moment. So one trial, not five: a
// further trial caught nothing the first did not.
const TRIALS = 1;

const server = useReferenceServer();
let dir: string;
let cfg: string;
let env: Record<string, string>;
let config: RunConfig;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  // One organization: the race is about the lock, not the documents.
  const tokens = await readTokens();
  const made = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys') }, false);
  expect(made.config.organizations).toHaveLength(1);
  env = made.env;
  cfg = join(dir, 'runs.json');
  writeFileSync(cfg, JSON.stringify(made.config));
  config = made.config;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

function start(out: string, configPath: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'month-end', '--month', MONTH, '--config', configPath, '--out', out], { env: { PATH: process.env.PATH ?? '', HOME: dir, SVC_NO_UPDATE_CHECK: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('the month-end lock', () => {
  it(`four runs started at once on one folder: exactly one runs, the others are refused by name (${TRIALS} ${TRIALS === 1 ? 'trial' : 'trials'})`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const out = join(dir, `race-${trial}`);
      // Each run reaches the server through a door of its own, held shut until every run has
      // either been refused (exited) or reached the server (it holds the lock: no request comes
      // before the lock is taken). So a winner cannot finish and let go before the last run has
      // tried the lock, however slowly that one starts; two winners both get through.
      const doors = await Promise.all([0, 1, 2, 3].map(() => openDoor(server.url)));
      const runs = doors.map((door, i) => {
        const own = join(dir, `race-${trial}-${i}.json`);
        writeFileSync(own, JSON.stringify({ ...config, base_url: door.url }));
        return start(out, own);
      });
      await Promise.all(runs.map((run, i) => Promise.race([run, doors[i]!.reached])));
      for (const door of doors) door.open();
      const settled = await Promise.all(runs);
      await Promise.all(doors.map((door) => door.close()));
      const ran = settled.filter((r) => r.code === 0);
      const refused = settled.filter((r) => /another month-end run \(process \d+\) is writing to /.test(r.stderr));
      expect(ran, `trial ${trial}: ${settled.map((r) => `${r.code} ${r.stderr}`).join('\n')}`).toHaveLength(1);
      expect(refused).toHaveLength(3);
      for (const r of refused) expect(r.code).toBe(1);
      expect(readdirSync(join(out, MONTH)).filter((f) => f.includes('.lock'))).toEqual([]);
    }
  }, 180_000);

  it('an empty lock file that is young is held (refused, and left in place); an old one is taken over', async () => {
    const out = join(dir, 'empty-lock');
    mkdirSync(join(out, MONTH), { recursive: true });
    const lock = join(out, MONTH, '.svc-month-end.lock');
    writeFileSync(lock, '');
    const young = await svcInProcess(['month-end', '--month', MONTH, '--config', cfg, '--out', out], env);
    expect(young.code).toBe(1);
    expect(young.stderr).toBe(`svc: another month-end run is writing to ${join(out, MONTH)} (wait for the other run to finish, or use another --out folder)\n`);
    expect(readdirSync(join(out, MONTH))).toEqual(['.svc-month-end.lock']);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    const taken = await svcInProcess(['month-end', '--month', MONTH, '--config', cfg, '--out', out], env);
    expect(taken.code, taken.stderr).toBe(0);
    expect(readdirSync(join(out, MONTH)).filter((f) => f.includes('.lock'))).toEqual([]);
  }, 60_000);

  it('a lock of a process that is gone is taken over', async () => {
    const out = join(dir, 'dead-lock');
    mkdirSync(join(out, MONTH), { recursive: true });
    // A pid that exited: a child that has finished.
    const gone = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ['-e', '']);
      c.on('close', () => resolve(c.pid!));
    });
    writeFileSync(join(out, MONTH, '.svc-month-end.lock'), String(gone));
    const r = await svcInProcess(['month-end', '--month', MONTH, '--config', cfg, '--out', out], env);
    expect(r.code, r.stderr).toBe(0);
  }, 60_000);
});
