import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/runner/manifest/hash.js';
import { svcInProcess } from '../_harness/index.js';

// `svc demo` is dated by its records, not by the day it runs (issue 35): run on two days years
// apart (SVC_NOW, svc's one clock), every document is the same to the byte; only the run's own
// times (manifest.json, summary.md, index.html) follow the clock. .ci/run runs this file again
// under libfaketime on other days (test/README.md).

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-demo-dates-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function demoOn(day: string): Promise<{ dir: string; files: string[] }> {
  const out = join(tmp, day);
  const r = await svcInProcess(['demo', '--out', out], { PATH: process.env.PATH, SVC_NOW: day }, { cwd: tmp });
  expect(r.code, r.stderr).toBe(0);
  const dir = join(out, '2026-10');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
  return { dir, files };
}

describe('svc demo on any date', () => {
  it("makes the same documents two days years apart; only the run's times follow the clock", async () => {
    const first = await demoOn('2026-12-06T10:00:00Z');
    const later = await demoOn('2031-07-01T10:00:00Z');
    expect(later.files).toEqual(first.files);
    // The clock reached each run (its manifest says the day it ran), and both are the dataset's October.
    for (const [run, day] of [[first, '2026-12-06'], [later, '2031-07-01']] as const) {
      const manifest = JSON.parse(await readFile(join(run.dir, 'manifest.json'), 'utf8')) as { started_at: string; month: string };
      expect(manifest.started_at.slice(0, 10)).toBe(day);
      expect(manifest.month).toBe('2026-10');
    }
    const documents = first.files.filter((n) => !['manifest.json', 'summary.md', 'index.html'].includes(n));
    expect(documents.filter((n) => n.endsWith('.pdf')).length).toBeGreaterThan(3);
    expect(documents.some((n) => n.endsWith('.xml')) && documents.some((n) => n.endsWith('.xlsx'))).toBe(true);
    for (const n of documents) expect(sha256(await readFile(join(later.dir, n))), n).toBe(sha256(await readFile(join(first.dir, n))));
  }, 60_000);
});
