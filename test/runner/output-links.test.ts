import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

// Links planted in a shared output folder (issue 26 item 7): the built month end against the
// reference server must never write through them, however they are placed, and must say which.
// The built code in-process (svcInProcess): what is refused and written is the subject, not the process.

const ORGS = ['org-nordlys', 'org-kattegat', 'org-fjordline'];
// What a hostile user plants in OUT/2026-10/: the path there → a file (or folder) outside OUT.
const RUN_LINKS = ['index.html', 'manifest.json', 'summary.md'];
const ORG_LINKS = ['org-nordlys/invoice-2026-0142.pdf', 'org-nordlys/invoice-2026-0142.xml', 'org-nordlys/invoice-2026-0142.json', 'org-nordlys/cost-2026-10.xlsx'];

const server = useReferenceServer();
let dir: string;
let cfg: string;
const env: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-output-links-'));
  cfg = join(dir, 'runs.json');
  const organizations = ORGS.map((org_id) => ({ org_id, name: org_id, token_env: `${org_id.slice(4).toUpperCase()}_TOKEN` }));
  for (const o of organizations) env[o.token_env] = tokenOf(o.org_id);
  writeFileSync(cfg, JSON.stringify({ base_url: server.url, organizations }));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** Plants `links` (paths under OUT/2026-10) and `org-kattegat` as links to files and a folder outside OUT with known content. */
function plant(name: string, links: string[], withFolder: boolean): { out: string; outside: string; month: string } {
  const out = join(dir, name, 'out');
  const outside = join(dir, name, 'outside');
  const month = join(out, '2026-10');
  mkdirSync(join(month, 'org-nordlys'), { recursive: true });
  mkdirSync(join(outside, 'folder'), { recursive: true });
  writeFileSync(join(outside, 'folder', 'precious.txt'), 'precious folder content\n');
  for (const link of links) {
    const target = join(outside, link.replaceAll('/', '_'));
    writeFileSync(target, `precious ${link}\n`);
    symlinkSync(target, join(month, link));
  }
  if (withFolder) symlinkSync(join(outside, 'folder'), join(month, 'org-kattegat'));
  return { out, outside, month };
}

/** Every target is as planted: the same names, the same bytes. */
function expectOutsideUnchanged(outside: string, links: string[]): void {
  expect(readdirSync(outside).sort()).toEqual([...links.map((l) => l.replaceAll('/', '_')), 'folder'].sort());
  for (const link of links) expect(readFileSync(join(outside, link.replaceAll('/', '_')), 'utf8')).toBe(`precious ${link}\n`);
  expect(readdirSync(join(outside, 'folder'))).toEqual(['precious.txt']);
  expect(readFileSync(join(outside, 'folder', 'precious.txt'), 'utf8')).toBe('precious folder content\n');
}

const run = (out: string) => svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env, { cwd: dir });

describe('symbolic links planted in the output folder', () => {
  it('all 8 links: the run is refused at once naming the first run-level link, nothing written anywhere', async () => {
    const { out, outside, month } = plant('all', [...RUN_LINKS, ...ORG_LINKS], true);
    const before = readdirSync(month, { recursive: true }).map(String).sort();
    const r = await run(out);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^svc: refusing to write through 2026-10\/manifest\.json in .*: it is a symbolic link to .*outside\/manifest\.json/);
    expectOutsideUnchanged(outside, [...RUN_LINKS, ...ORG_LINKS]);
    // Not even a lock file or an organization's file: the month folder holds exactly what was planted.
    expect(readdirSync(month, { recursive: true }).map(String).sort()).toEqual(before);
  }, 60_000);

  it.each(RUN_LINKS)('%s alone as a link refuses the run before anything is written', async (link) => {
    const { out, outside, month } = plant(`run-${link}`, [link], false);
    const r = await run(out);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`refusing to write through 2026-10/${link} in `);
    expectOutsideUnchanged(outside, [link]);
    expect(readdirSync(month).sort()).toEqual([link, 'org-nordlys'].sort());
  }, 60_000);

  it('the month folder itself as a link is refused', async () => {
    const out = join(dir, 'month-link', 'out');
    const outside = join(dir, 'month-link', 'outside');
    mkdirSync(out, { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, join(out, '2026-10'));
    const r = await run(out);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('refusing to write through 2026-10 in ');
    expect(readdirSync(outside)).toEqual([]);
  }, 60_000);

  it("a link planted as an organization's answers folder (issue 38): that organization fails naming it, nothing is written outside", async () => {
    const out = join(dir, 'answers-link', 'out');
    const outside = join(dir, 'answers-link', 'outside');
    const month = join(out, '2026-10');
    mkdirSync(join(month, 'org-fjordline'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    symlinkSync(outside, join(month, 'org-fjordline', 'answers'));
    const r = await run(out);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/org-fjordline failed: .*kept_answers failed: refusing to write through org-fjordline\/answers in .*: it is a symbolic link/);
    expect(readdirSync(outside)).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(month, 'manifest.json'), 'utf8')) as { organizations: Array<{ org_id: string; status: string }> };
    expect(manifest.organizations.filter((o) => o.status === 'failed').map((o) => o.org_id)).toEqual(['org-fjordline']);
    // Danish, the organizations' language: the part's words, and why.
    expect(readFileSync(join(month, 'summary.md'), 'utf8')).toMatch(/Gemte API-svar[^\n]*refusing to write through org-fjordline\/answers/);
  }, 60_000);

  it("organization links: those organizations fail naming the link, the others' files are written, nothing outside changes", async () => {
    const { out, outside, month } = plant('orgs', ORG_LINKS, true);
    const r = await run(out);
    expect(r.code, r.stderr).toBe(1);
    expectOutsideUnchanged(outside, ORG_LINKS);
    // Every planted link is still the link it was (not replaced by a file either).
    for (const link of [...ORG_LINKS, 'org-kattegat']) expect(readdirSync(join(month, link, '..'), { withFileTypes: true }).find((e) => e.name === link.split('/').pop())?.isSymbolicLink(), link).toBe(true);
    // stderr's line for each failing organization names its link.
    expect(r.stderr).toMatch(/org-kattegat failed: .*refusing to write through org-kattegat in .*: it is a symbolic link/);
    expect(r.stderr).toMatch(/org-nordlys failed: .*refusing to write through org-nordlys\/invoice-2026-0142\.json in /);
    expect(r.stderr).toMatch(/org-nordlys failed: .*refusing to write through org-nordlys\/cost-2026-10\.xlsx in /);
    // The organization without links is written whole.
    for (const f of ['invoice-2026-0143.json', 'invoice-2026-0143.pdf', 'invoice-2026-0143.xml', 'cost-2026-10.xlsx']) expect(existsSync(join(month, 'org-fjordline', f)), f).toBe(true);
    const invoice = JSON.parse(readFileSync(join(month, 'org-fjordline', 'invoice-2026-0143.json'), 'utf8')) as { invoice_number: string };
    expect(invoice.invoice_number).toBe('2026-0143');
    expect(readFileSync(join(month, 'org-fjordline', 'invoice-2026-0143.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Nordlys's other invoice, in its real folder, is written too.
    expect(existsSync(join(month, 'org-nordlys', 'invoice-2026-0131.pdf'))).toBe(true);
    // The reasons reach the manifest, summary.md and index.html.
    const manifest = JSON.parse(readFileSync(join(month, 'manifest.json'), 'utf8')) as { organizations: Array<{ org_id: string; status: string; parts: Array<{ reason?: string }> }> };
    const byOrg = new Map(manifest.organizations.map((o) => [o.org_id, o]));
    expect(byOrg.get('org-fjordline')?.status).not.toBe('failed');
    expect(byOrg.get('org-kattegat')?.status).toBe('failed');
    expect(byOrg.get('org-nordlys')?.status).toBe('failed');
    expect(byOrg.get('org-kattegat')?.parts.map((p) => p.reason ?? '').join(' ')).toMatch(/refusing to write through org-kattegat in .*symbolic link/);
    expect(byOrg.get('org-nordlys')?.parts.map((p) => p.reason ?? '').join(' ')).toContain('refusing to write through org-nordlys/invoice-2026-0142.json');
    // The run's files are real files in the real folder; no file of the run went through a link.
    for (const f of ['manifest.json', 'summary.md', 'index.html']) expect(readdirSync(month, { withFileTypes: true }).find((e) => e.name === f)?.isFile(), f).toBe(true);
    expect(readFileSync(join(month, 'summary.md'), 'utf8')).toMatch(/org-kattegat.*symbolic link/s);
    expect(readFileSync(join(month, 'index.html'), 'utf8')).toContain('refusing to write through org-kattegat in ');
    // A rerun after the links are removed writes what was refused.
    for (const link of ORG_LINKS) unlinkSync(join(month, link));
    unlinkSync(join(month, 'org-kattegat'));
    const again = await run(out);
    expect(again.code, again.stderr).toBe(0);
    for (const link of ORG_LINKS) expect(readdirSync(join(month, 'org-nordlys'))).toContain(link.split('/')[1]);
    expectOutsideUnchanged(outside, ORG_LINKS);
  }, 120_000);
});
