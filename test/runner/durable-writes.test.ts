import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { RunConfig } from '../../src/runner/config/config.js';
import { FakeService, invoice } from './_fakes.js';

// What a crash (power loss) needs of the atomic writer's fsyncs, checked on the system calls a
// month end makes: each file's data is synced before its rename, and each folder a file was
// renamed into is synced after that rename and before the final manifest (which lists the file)
// is renamed into place. An organization's folders are synced once for all its files, not once per file.

const TOKENS = { 'org-a': 'tok-a-1111', 'org-b': 'tok-b-2222' };
const ENV = { A_TOKEN: TOKENS['org-a'], B_TOKEN: TOKENS['org-b'] };
const CONFIG: RunConfig = {
  base_url: 'http://127.0.0.1:1',
  organizations: [
    { org_id: 'org-a', name: 'A ApS', token_env: 'A_TOKEN' },
    { org_id: 'org-b', name: 'B Ltd', token_env: 'B_TOKEN', language: 'en' },
  ],
};

type Event = { op: 'fsync'; path: string } | { op: 'rename'; from: string; to: string };

/** The index of the last event `match` takes, -1 for none. */
function lastIndex(events: Event[], match: (e: Event) => boolean): number {
  for (let i = events.length - 1; i >= 0; i--) if (match(events[i]!)) return i;
  return -1;
}

let out: string;
let events: Event[];
let restore: () => void;

beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'svc-durable-'));
  events = [];
  const real = { openSync: fs.openSync, closeSync: fs.closeSync, fsync: fs.fsync, renameSync: fs.renameSync };
  const open = new Map<number, string>();
  fs.openSync = ((path: fs.PathLike, ...rest: unknown[]) => {
    const fd = (real.openSync as (...a: unknown[]) => number)(path, ...rest);
    open.set(fd, String(path));
    return fd;
  });
  fs.closeSync = ((fd: number) => {
    open.delete(fd);
    real.closeSync(fd);
  });
  fs.fsync = ((fd: number, cb: fs.NoParamCallback) => {
    const path = open.get(fd);
    if (path !== undefined) events.push({ op: 'fsync', path });
    real.fsync(fd, cb);
  }) as typeof fs.fsync;
  fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
    real.renameSync(from, to);
    events.push({ op: 'rename', from: String(from), to: String(to) });
  });
  syncBuiltinESMExports();
  restore = () => {
    Object.assign(fs, real);
    syncBuiltinESMExports();
  };
});

afterEach(async () => {
  restore();
  await rm(out, { recursive: true, force: true });
});

describe('a month end\'s writes survive a crash', () => {
  it('syncs each file before its rename, and each folder after its renames and before the manifest that lists them', async () => {
    const svc = new FakeService({ 'org-a': { invoices: [invoice('org-a', 1)] }, 'org-b': { invoices: [invoice('org-b', 2, { currency: 'EUR', language: 'en' })] } }, TOKENS);
    const m = await runMonthEnd(CONFIG, { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(m.summary).toMatchObject({ organizations: 2, ok: 2, failed: 0 });
    const monthDir = join(out, '2026-10');
    const manifest = JSON.parse(await readFile(join(monthDir, 'manifest.json'), 'utf8')) as { files: Array<{ path: string; org_id: string | null }> };
    const orgFiles = manifest.files.filter((f) => f.org_id !== null).map((f) => join(monthDir, f.path));
    // Each organization's invoice PDF and JSON and its workbook (the fakes' clients keep no answers).
    expect(orgFiles.length).toBeGreaterThanOrEqual(6);
    const manifestRename = lastIndex(events, (e) => e.op === 'rename' && e.to === join(monthDir, 'manifest.json'));
    expect(manifestRename).toBeGreaterThan(0);
    for (const file of orgFiles) {
      const rename = lastIndex(events, (e) => e.op === 'rename' && e.to === file);
      expect(rename, file).toBeGreaterThanOrEqual(0);
      const tmp = (events[rename] as { from: string }).from;
      // The temp file's data synced before it took the name.
      expect(events.slice(0, rename).some((e) => e.op === 'fsync' && e.path === tmp), `${file}: file fsync before rename`).toBe(true);
      // Its folder synced after the rename and before the manifest listing it was renamed into place.
      const folderSync = events.findIndex((e, i) => i > rename && e.op === 'fsync' && e.path === dirname(file));
      expect(folderSync, `${file}: folder fsync after rename`).toBeGreaterThan(rename);
      expect(folderSync, `${file}: folder fsync before the manifest`).toBeLessThan(manifestRename);
    }
    // One folder fsync per organization folder the run wrote into, not one per file.
    const orgFolders = new Set(orgFiles.map((f) => dirname(f)));
    const folderSyncs = events.filter((e) => e.op === 'fsync' && orgFolders.has(e.path));
    expect(folderSyncs.length).toBe(orgFolders.size);
  });
});
