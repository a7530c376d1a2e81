// Issue 37: a FIFO (or socket) planted in a run folder where a rerun of `svc month-end` reads or
// replaces a file: the rerun used to wait on it until killed. Now the built `svc`, as a real
// process with --timeout 10, ends at once naming the path and what it is, exits non-zero, never
// opens the pipe (its writer, waiting in open(2) for a reader, is still waiting afterwards) and
// leaves the folder as it was: at the run's own files, the run is refused before anything is
// written; at an organization's file, that organization fails naming it (as a symbolic link there
// does) and no other file of it or of the others is rewritten.
import { createHash } from 'node:crypto';
import { cpSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantFifo, type PlantedFifo } from '../_fifo.js';
import { configFor, readTokens, svcBin, svcInProcess, useReferenceServer } from '../_harness/index.js';

const MONTH = '2026-10';
const ORGS = ['org-nordlys', 'org-fjordline'];
const server = useReferenceServer();
let dir: string;
let cfg: string;
let env: Record<string, string>;
/** A finished run of the month, copied for each case. */
let done: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-fifos-'));
  const tokens = await readTokens();
  const made = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => ORGS.includes(o.org_id)) }, false);
  env = made.env;
  cfg = join(dir, 'runs.json');
  writeFileSync(cfg, JSON.stringify(made.config));
  done = join(dir, 'done');
  const first = await svcInProcess(['month-end', '--month', MONTH, '--config', cfg, '--out', done], env, { cwd: dir });
  expect(first.code, first.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every entry under `root`: its kind, and for a file its size, modification time and sha256. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(root, { recursive: true }).map(String).sort()) {
    const st = lstatSync(join(root, name));
    if (st.isFile()) out.set(name, `file ${st.size} ${st.mtimeMs} ${createHash('sha256').update(readFileSync(join(root, name))).digest('hex')}`);
    else out.set(name, st.isDirectory() ? 'folder' : st.isFIFO() ? 'fifo' : st.isSocket() ? 'socket' : 'other');
  }
  return out;
}

/** A copy of the finished run with `rel` (under the month folder) taken away for something to be planted there. */
function copyWithout(name: string, rel: string): { out: string; at: string } {
  const out = join(dir, name);
  cpSync(done, out, { recursive: true });
  const at = join(out, MONTH, rel);
  rmSync(at, { force: true });
  return { out, at };
}

const rerun = (out: string) =>
  svcBin(['month-end', '--month', MONTH, '--config', cfg, '--out', out, '--timeout', '10'], env, { cwd: dir, killAfterMs: 45_000 });

describe('a FIFO planted at one of the run\'s own files', () => {
  it.each([
    ['manifest.json', 'cannot read'],
    ['.svc-month-end.lock', 'cannot take the lock at'],
  ])('%s: the rerun is refused at once with one line, the pipe never opened, nothing in the folder touched', async (rel, doing) => {
    const { out, at } = copyWithout(`run-${rel}`, rel);
    let fifo: PlantedFifo | undefined;
    try {
      fifo = await plantFifo(at);
      const before = snapshot(out);
      const r = await rerun(out);
      expect(r.code, r.stderr).toBe(1);
      expect(r.ms).toBeLessThan(30_000);
      expect(r.stderr.split('\n').filter(Boolean)).toEqual([
        `svc: ${doing} ${at}: it is a FIFO (named pipe), not a regular file (svc reads and replaces only regular files, and never opens or removes anything else: move it away and run again)`,
      ]);
      expect(fifo.neverRead(), 'the pipe was opened for reading').toBe(true);
      expect(snapshot(out)).toEqual(before);
    } finally {
      await fifo?.stop();
    }
  }, 60_000);
});

describe('a socket planted at manifest.json', () => {
  it('is refused the same way, naming what it is', async () => {
    const { out, at } = copyWithout('run-socket', 'manifest.json');
    const socket: Server = createServer();
    await new Promise<void>((resolve) => socket.listen(at, resolve));
    try {
      const before = snapshot(out);
      const r = await rerun(out);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^svc: cannot read ${at.replace(/[.]/g, '\\.')}: it is a socket, not a regular file \\(`));
      expect(snapshot(out)).toEqual(before);
    } finally {
      await new Promise((resolve) => socket.close(resolve));
    }
  }, 60_000);
});

describe('a FIFO planted at an organization\'s invoice PDF', () => {
  it('that organization fails naming it; the pipe is never opened and no other file is rewritten', async () => {
    const rel = 'org-nordlys/invoice-2026-0142.pdf';
    const { out, at } = copyWithout('org-pdf', rel);
    let fifo: PlantedFifo | undefined;
    try {
      fifo = await plantFifo(at);
      const before = snapshot(join(out, MONTH));
      const r = await rerun(out);
      expect(r.code, r.stderr).toBe(1);
      expect(r.ms).toBeLessThan(30_000);
      expect(r.stderr).toContain(`org-nordlys failed: `);
      expect(r.stderr).toContain(`cannot write ${at}: it is a FIFO (named pipe), not a regular file`);
      expect(fifo.neverRead(), 'the pipe was opened for reading').toBe(true);
      // The run records what happened in its own three files; every other entry is as it was.
      const after = snapshot(join(out, MONTH));
      for (const own of ['manifest.json', 'summary.md', 'index.html']) {
        before.delete(own);
        after.delete(own);
      }
      expect(after).toEqual(before);
      const manifest = JSON.parse(readFileSync(join(out, MONTH, 'manifest.json'), 'utf8')) as { organizations: Array<{ org_id: string; status: string; parts: Array<{ reason?: string }> }> };
      const nordlys = manifest.organizations.find((o) => o.org_id === 'org-nordlys')!;
      expect(nordlys.status).toBe('failed');
      expect(nordlys.parts.map((p) => p.reason ?? '').join(' ')).toContain(`${rel}: it is a FIFO (named pipe)`);
      expect(manifest.organizations.find((o) => o.org_id === 'org-fjordline')!.status).not.toBe('failed');
    } finally {
      await fifo?.stop();
    }
    // With the pipe gone the rerun writes the invoice again.
    unlinkSync(at);
    const again = await rerun(out);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(at).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 90_000);
});
