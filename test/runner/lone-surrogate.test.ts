import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { nordlysAndFjordlineRun, svcInProcess, useReferenceServer } from '../_harness/index.js';

// One lone surrogate (\ud800) in one organization's invoice number (issue 26): the run finishes
// for everyone, index.html is written, the manifest is not left in_progress, and the manifest's
// path is the name on disk. The invoice's PDF is refused by name (it would print U+FFFD where the
// number was: src/invoice/_glyphs.ts), so that organization fails that part and the run exits 1. A server in front of the reference server changes that one number.
// The built `svc month-end` in-process (svcInProcess): what the run writes is the subject.

const reference = useReferenceServer();
let liar: FakeServer;
let dir: string;

beforeAll(async () => {
  // JSON's own escape for a lone surrogate: valid JSON, and JSON.parse gives "2026-\ud800".
  liar = await startRewritingProxy(reference.url, (req, body) =>
    req.url.startsWith('/api/orgs/org-nordlys/invoices') && !req.url.endsWith('/pdf') ? body.toString('utf8').replaceAll('"2026-0142"', '"2026-\\ud800"') : body,
  );
  dir = mkdtempSync(join(tmpdir(), 'svc-surrogate-'));
});
afterAll(async () => {
  await liar?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a lone surrogate in one invoice number', () => {
  it('does not end the run: every organization, index.html, a finished manifest whose paths are the names on disk', async () => {
    const { cfg, env } = nordlysAndFjordlineRun(dir, liar.url);
    const out = join(dir, 'out');
    for (const run of [1, 2]) {
      const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env, { cwd: dir });
      expect(r.stderr, `run ${run}`).not.toMatch(/URI malformed/);
      expect(r.code, `run ${run}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain('invoice_pdfs failed: invoice 2026-\ufffd: invoice_number: holds text that is not valid Unicode');
      const monthDir = join(out, '2026-10');
      expect(existsSync(join(monthDir, 'index.html'))).toBe(true);
      const manifest = JSON.parse(readFileSync(join(monthDir, 'manifest.json'), 'utf8')) as { status?: string; organizations: Array<{ org_id: string; status: string }>; files: Array<{ path: string }> };
      expect(manifest.status).not.toBe('in_progress');
      expect(Object.fromEntries(manifest.organizations.map((o) => [o.org_id, o.status]))).toEqual({ 'org-nordlys': 'failed', 'org-fjordline': 'ok' });
      // Every path in the manifest is a file on disk under exactly that name.
      const onDisk = new Set(readdirSync(monthDir, { recursive: true }).map(String));
      for (const f of manifest.files) expect(onDisk.has(f.path), f.path).toBe(true);
      const odd = manifest.files.map((f) => f.path).filter((p) => p.includes('invoice-2026-'));
      // The lone surrogate became U+FFFD where the record entered (core/invisible-text.ts), as on every surface.
      expect(odd.some((p) => p.includes('invoice-2026-\ufffd.'))).toBe(true);
      expect(odd.filter((p) => p.endsWith('.pdf') && p.includes('\ufffd'))).toEqual([]);
      expect(odd.filter((p) => /\p{Cs}/u.test(p))).toEqual([]);
    }
  }, 120_000);
});
