/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Issue 27, item 3: one word per status, the same on stdout, in summary.md, on index.html (as
// Chromium shows it) and in the manifest; a folder is named only where it exists. `svc demo` in
// English: Havblik's every part is withheld (409), so it is "skipped" and has no folder.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rootGroup } from '../../src/cli/commands.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { launch, openFile, type Browser } from './_browser.js';
import { svc } from '../_harness/index.js';

let tmp: string;
let browser: Browser;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-words-'));
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await rm(tmp, { recursive: true, force: true });
});

it('each organization has one status word on stdout, in summary.md, on index.html and in the manifest; only folders that exist are named', async () => {
  const out = join(tmp, 'demo');
  const { code, stdout: printed } = await svc(['demo', '--out', out, '--language', 'en'], { root: rootGroup, env: { PATH: process.env.PATH }, cwd: tmp });
  expect(code).toBe(0);
  const monthDir = join(out, '2026-10');
  const manifest = JSON.parse(await readFile(join(monthDir, 'manifest.json'), 'utf8')) as Manifest;
  const words: Record<string, string> = { ok: 'ok', partly_skipped: 'partly skipped', skipped: 'skipped', failed: 'failed' };
  const expected = Object.fromEntries(manifest.organizations.map((o) => [o.org_id, words[o.status]!]));
  expect(expected['org-havblik']).toBe('skipped');

  // stdout: the counts, and a line per organization.
  expect(printed).toContain('4 organizations: 3 ok, 1 skipped, 0 failed\n');
  for (const o of manifest.organizations) {
    const line = printed.split('\n').find((l) => l.includes(`/${o.folder}/`) || l.trimStart().startsWith(`${o.org_id} `))!;
    expect(line, o.org_id).toMatch(new RegExp(`\\s${expected[o.org_id]}( \\(|$)`));
  }
  // Havblik: nothing made, so no folder, and none named anywhere.
  expect(existsSync(join(monthDir, 'org-havblik'))).toBe(false);
  expect(printed).not.toContain('org-havblik/');

  // summary.md: the organizations' table and each organization's "Status:" line.
  const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
  for (const o of manifest.organizations) {
    const row = summary.split('\n').find((l) => l.startsWith(`| ${o.name} |`))!;
    expect(row.split(' | ')[1], o.org_id).toBe(expected[o.org_id]);
  }
  expect(summary.match(/^- Status: .*$/gm)).toEqual(manifest.organizations.map((o) => `- Status: ${expected[o.org_id]}`));
  expect(summary).not.toContain('org-havblik/');

  // index.html as Chromium shows it: each organization's status cell, and the counts' labels.
  const { page, incidents } = await openFile(browser, join(monthDir, 'index.html'));
  const cells = await page.evaluate(() => [...document.querySelectorAll('#orgs tr.org')].map((r) => (r as HTMLTableRowElement).cells[1]!.innerText.trim()));
  expect(cells).toEqual(manifest.organizations.map((o) => expected[o.org_id]));
  const labels = await page.evaluate(() => [...document.querySelectorAll('dl.counts dt')].map((d) => d.textContent));
  expect(labels).toEqual(expect.arrayContaining(['ok', 'skipped', 'failed']));
  expect(labels).not.toContain('partly skipped'); // no organization is: no count of 0 for it
  expect(incidents).toEqual([]);
}, 90_000);
