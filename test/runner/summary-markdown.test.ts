// Issue 14, fault 11: names in summary.md stay text in a GFM viewer: no bidi override (U+202E
// turns "exe.pdf" around), no autolink (e-mail, mailto:, xmpp:, www., http://). Checked with
// cmark-gfm, GitHub's own Markdown renderer (Debian package cmark-gfm), with its autolink extension.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import { hasCmark, runs } from '../_tools.js';
import { FakeService, invoice } from './_fakes.js';


const HOSTILE = [
  'Nordlys \u202Efdp.exe ApS',
  'billing@evil.example',
  'mailto:billing@evil.example',
  'xmpp:ops@evil.example',
  'www.evil.example',
  'https://evil.example/pay',
  '<https://evil.example>',
  '[pay here](https://evil.example)',
];

// CI installs cmark-gfm (.ci/run); elsewhere the test says it was skipped.
describe.runIf(runs(hasCmark))('summary.md in a GFM viewer', () => {
  test('hostile organization names render as plain text: no link, no bidi control', async () => {
    const orgs = Object.fromEntries(HOSTILE.map((_, i) => [`org-${i}`, { invoices: [invoice(`org-${i}`, i + 1)] }]));
    const tokens = Object.fromEntries(HOSTILE.map((_, i) => [`org-${i}`, `token-number-${i}-xyz`]));
    const env = Object.fromEntries(HOSTILE.map((_, i) => [`T${i}`, `token-number-${i}-xyz`]));
    const config = { base_url: 'http://127.0.0.1:1', organizations: HOSTILE.map((name, i) => ({ org_id: `org-${i}`, name, token_env: `T${i}` })) };
    const out = mkdtempSync(join(tmpdir(), 'svc-md-'));
    await runMonthEnd(config, { outDir: out, month: '2026-10', env, deps: new FakeService(orgs, tokens).deps() });
    const markdown = readFileSync(join(out, '2026-10', 'summary.md'), 'utf8');
    const html = execFileSync('cmark-gfm', ['--extension', 'autolink', '--extension', 'table'], { input: markdown }).toString('utf8');
    expect(html).not.toMatch(/<a\s/);
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    // The names are still there to read, as text.
    const text = html.replace(/<[^>]+>/g, '').replace(/&#8203;|\u200b/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    for (const name of ['billing@evil.example', 'www.evil.example', 'https://evil.example/pay', '[pay here](https://evil.example)']) expect(text).toContain(name);
  });
});
