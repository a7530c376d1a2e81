// The one lock of the package (issue 28, item 5), which the month-end run and the saved keys
// both take: separate processes racing for it (exactly one wins), mutual exclusion while
// waiting, a lock of a process that is gone taken over, and an empty lock file (a crashed or
// older writer) held while young, as the month-end lock did since issue 26.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { acquireLock } from '../../src/core/lock/lock.js';
import { LockHeldError } from '../../src/core/lock/lock-held-error.js';

const CHILD = fileURLToPath(new URL('./_lock-child.js', import.meta.url));

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-lock-'));
  lock = join(dir, 'x.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function child(go: string, waitMs: number, holdMs: number, counter = '', turns = 1): Promise<string> {
  const c = spawn(process.execPath, [CHILD, lock, go, String(waitMs), String(holdMs), counter, String(turns)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  c.stdout.on('data', (b: Buffer) => (out += b.toString('utf8')));
  return new Promise((resolve, reject) => c.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`child exited ${code}: ${out}`)))));
}

/** Starts `n` children and lets them take the lock together once all have loaded (loading TypeScript takes a while on a busy machine). */
async function together(n: number, start: (go: string) => Promise<string>): Promise<string[]> {
  const gate = mkdtempSync(join(tmpdir(), 'svc-lock-gate-'));
  const go = join(gate, 'go');
  try {
    const runs = Array.from({ length: n }, () => start(go));
    while (readdirSync(gate).length < n) await new Promise((r) => setTimeout(r, 20));
    writeFileSync(go, '');
    return await Promise.all(runs);
  } finally {
    rmSync(gate, { recursive: true, force: true });
  }
}

/** A pid no process has: a child that has exited. */
function gonePid(): Promise<number> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ['-e', '']);
    c.on('close', () => resolve(c.pid!));
  });
}

/** The files in the lock's folder: no temp or moved-aside file may be left. */
const left = () => readdirSync(dir).sort();

describe('the core lock', () => {
  test('six processes taking it at the same moment, failing at once: exactly one wins, the others name it (2 trials)', async () => {
    for (let trial = 0; trial < 2; trial++) {
      const outs = await together(6, (go) => child(go, 0, 1000));
      const won = outs.filter((o) => o === 'won');
      const held = outs.filter((o) => o.startsWith('held LockHeldError: '));
      expect(won, outs.join('\n')).toHaveLength(1);
      expect(held, outs.join('\n')).toHaveLength(5);
      for (const h of held) expect(h).toMatch(new RegExp(`is held by process \\d+ on ${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(since \\d{4}-\\d\\d-\\d\\dT`));
      expect(left()).toEqual([]);
    }
  }, 90_000);

  test('four processes waiting for it take turns: a slow read-modify-write of a counter by each keeps every increment', async () => {
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    const outs = await together(4, (go) => child(go, 20_000, 50, counter));
    expect(outs).toEqual(['won', 'won', 'won', 'won']);
    expect(readFileSync(counter, 'utf8')).toBe('4');
    expect(left()).toEqual(['counter']);
  }, 60_000);

  test('four processes taking it 25 times each, letting go at once: none gives up while its wait lasts, every increment kept', async () => {
    // Many looks then find the lock already let go; a waiter must go on trying, not count them as lost races.
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    const outs = await together(4, (go) => child(go, 20_000, 0, counter, 25));
    expect(outs).toEqual(['won', 'won', 'won', 'won']);
    expect(readFileSync(counter, 'utf8')).toBe('100');
    expect(left()).toEqual(['counter']);
  }, 90_000);

  test('writes its holder (pid, host, start time) into the lock, and release removes it', async () => {
    const release = await acquireLock(lock);
    const holder = JSON.parse(readFileSync(lock, 'utf8'));
    expect(holder.pid).toBe(process.pid);
    expect(holder.host).toBe(hostname());
    expect(Math.abs(Date.now() - Date.parse(holder.started))).toBeLessThan(10_000);
    expect(left()).toEqual(['x.lock']);
    await release();
    expect(left()).toEqual([]);
  });

  test('a second take in the same process is refused while the first holds it', async () => {
    const release = await acquireLock(lock);
    await expect(acquireLock(lock)).rejects.toThrow(LockHeldError);
    await release();
    await (await acquireLock(lock))();
  });

  test('a lock of a process that is gone is taken over: in the JSON form and the bare pid an older svc wrote', async () => {
    const gone = await gonePid();
    for (const text of [JSON.stringify({ pid: gone, host: hostname(), started: '2026-01-01T00:00:00.000Z' }), String(gone)]) {
      writeFileSync(lock, text);
      const release = await acquireLock(lock);
      expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
      await release();
      expect(left()).toEqual([]);
    }
  });

  test('a lock of a live process is held, failing at once by default and naming the holder', async () => {
    writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), started: '2026-11-27T10:00:00.000Z' }));
    const err = await acquireLock(lock).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockHeldError);
    expect((err as LockHeldError).message).toBe(`${lock} is held by process ${process.ppid} on ${hostname()} (since 2026-11-27T10:00:00.000Z)`);
    expect((err as LockHeldError).holder).toEqual({ pid: process.ppid, host: hostname(), started: '2026-11-27T10:00:00.000Z' });
    expect(left()).toEqual(['x.lock']);
  });

  test('a lock from another host is held whatever its pid (it cannot be checked from here)', async () => {
    const gone = await gonePid();
    writeFileSync(lock, JSON.stringify({ pid: gone, host: `not-${hostname()}`, started: '2026-11-27T10:00:00.000Z' }));
    await expect(acquireLock(lock)).rejects.toThrow(`is held by process ${gone} on not-${hostname()}`);
  });

  test('our own pid in a lock older than this process was left by an earlier process that had it (a restarted container)', async () => {
    writeFileSync(lock, String(process.pid));
    const old = new Date(performance.timeOrigin - 60_000);
    utimesSync(lock, old, old);
    await (await acquireLock(lock))();
    expect(left()).toEqual([]);
  });

  test('an empty lock file (a writer that crashed between create and write) is held while young, and left in place; an old one is taken over', async () => {
    writeFileSync(lock, '');
    const err = await acquireLock(lock).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockHeldError);
    expect((err as LockHeldError).message).toBe(`${lock} is held by another process`);
    expect(left()).toEqual(['x.lock']);
    expect(readFileSync(lock, 'utf8')).toBe('');
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    await (await acquireLock(lock))();
    expect(left()).toEqual([]);
  });

  test('waiting: gets the lock when the holder lets go in time, gives up after waitMs otherwise', async () => {
    writeFileSync(lock, String(process.ppid));
    const started = Date.now();
    await expect(acquireLock(lock, { waitMs: 300 })).rejects.toThrow(LockHeldError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    setTimeout(() => rmSync(lock), 200);
    const release = await acquireLock(lock, { waitMs: 5000 });
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    await release();
  });

  test('staleAfterMs takes over a lock older than that even when its pid is alive (a pid reused since)', async () => {
    writeFileSync(lock, String(process.ppid));
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await expect(acquireLock(lock)).rejects.toThrow(LockHeldError);
    await (await acquireLock(lock, { staleAfterMs: 30_000 }))();
    expect(existsSync(lock)).toBe(false);
  });

  test('release leaves alone a lock that is no longer ours (taken over as stale by another process)', async () => {
    const release = await acquireLock(lock);
    const theirs = JSON.stringify({ pid: process.ppid, host: hostname(), started: '2026-11-20T12:00:00.000Z' });
    writeFileSync(lock, theirs);
    await release();
    expect(readFileSync(lock, 'utf8')).toBe(theirs);
  });
});
