import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { RunConfig } from '../../src/runner/config/config.js';
import { sha256 } from '../../src/runner/manifest/hash.js';
import { FakeHttpError, FakeService, invoice } from './_fakes.js';

// The runner's own logic (resume, outcomes, interruption) over fakes of the client, renderer and
// workbook; the end-to-end tests run the same against the reference server.

const TOKENS = { 'org-a': 'tok-a-1111', 'org-b': 'tok-b-2222', 'org-c': 'tok-c-3333', partner: 'tok-p-4444' };
const ENV = { A_TOKEN: TOKENS['org-a'], B_TOKEN: TOKENS['org-b'], C_TOKEN: TOKENS['org-c'], P_TOKEN: TOKENS.partner };

function config(extra: Partial<RunConfig> = {}): RunConfig {
  return {
    base_url: 'http://127.0.0.1:1',
    organizations: [
      { org_id: 'org-a', name: 'A ApS', token_env: 'A_TOKEN' },
      { org_id: 'org-b', name: 'B Ltd', token_env: 'B_TOKEN', language: 'en' },
      { org_id: 'org-c', name: 'C A/S', token_env: 'C_TOKEN' },
    ],
    ...extra,
  };
}

function service(): FakeService {
  return new FakeService(
    {
      'org-a': { invoices: [invoice('org-a', 1), invoice('org-a', 2, { status: 'void' }), invoice('org-a', 3, { period_start: '2026-09-01' })] },
      'org-b': { invoices: [invoice('org-b', 4, { currency: 'EUR', language: 'en' })] },
      'org-c': { invoices: [invoice('org-c', 5)] },
    },
    TOKENS,
  );
}

let out: string;
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'svc-runner-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

describe('runMonthEnd over fakes', () => {
  it('writes each organization\'s invoices of the month, workbook, summary and a manifest that hashes them', async () => {
    const svc = service();
    const m = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(m.summary).toMatchObject({ organizations: 3, ok: 3, failed: 0, interrupted: false });
    const files = await listAll(join(out, '2026-10'));
    expect(files).toContain('org-a/invoice-2026-1001.pdf');
    expect(files).toContain('org-a/invoice-2026-1002.json');
    expect(files).not.toContain('org-a/invoice-2026-1003.pdf'); // period 2026-09
    expect(files).toContain('org-b/cost-2026-10.xlsx');
    expect(files).toContain('manifest.json');
    expect(files).toContain('summary.md');
    for (const f of m.files) {
      const bytes = await readFile(join(out, '2026-10', f.path));
      expect(bytes.length).toBe(f.size);
      expect(sha256(bytes)).toBe(f.sha256);
    }
    const json = m.files.find((f) => f.path === 'org-a/invoice-2026-1001.json')!;
    expect(json.source_sha256).toBe(sha256(await readFile(join(out, '2026-10', json.path))));
    // Per-organization language from the config; otherwise the invoice's own.
    expect(await readFile(join(out, '2026-10', 'org-b/invoice-2026-1004.pdf'), 'utf8')).toMatch(/ en$/);
    expect(await readFile(join(out, '2026-10', 'org-a/invoice-2026-1001.pdf'), 'utf8')).toMatch(/ da$/);
    const text = await readFile(join(out, '2026-10', 'manifest.json'), 'utf8');
    for (const t of Object.values(TOKENS)) expect(text).not.toContain(t);
  });

  it('a rerun renders nothing when no source changed, and rewrites only what changed', async () => {
    const svc = service();
    await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    const renders = svc.renders;
    const again = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(svc.renders).toBe(renders);
    expect(again.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page').every((f) => f.status === 'unchanged')).toBe(true);

    svc.orgs['org-c']!.invoices[0] = invoice('org-c', 5, { total_cents: 999 });
    const third = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(svc.renders).toBe(renders + 1);
    const pdf = third.files.find((f) => f.path === 'org-c/invoice-2026-1005.pdf')!;
    expect(pdf.status).toBe('rewritten');
    expect(pdf.previous_source_sha256).toBeDefined();
    expect(await readFile(join(out, '2026-10', pdf.path), 'utf8')).toContain(' 999 ');
  });

  it("rewrites a workbook whose records changed when the deps' clients keep no answers (its source is then its records)", async () => {
    const svc = service();
    await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    // The fakes' cost records count the organization's invoices: one of September more changes them, and no document of October.
    svc.orgs['org-c']!.invoices.push(invoice('org-c', 6, { period_start: '2026-09-01' }));
    const again = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(again.files.find((f) => f.path === 'org-c/cost-2026-10.xlsx')).toMatchObject({ status: 'rewritten', previous_source_sha256: expect.any(String), source: 'cost report records 2026-10' });
    expect(again.files.find((f) => f.path === 'org-a/cost-2026-10.xlsx')!.status).toBe('unchanged');
  });

  it('rewrites a file whose bytes on disk no longer match the manifest', async () => {
    const svc = service();
    await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    await writeFile(join(out, '2026-10', 'org-a/invoice-2026-1001.pdf'), 'damaged');
    const m = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(m.files.find((f) => f.path === 'org-a/invoice-2026-1001.pdf')!.status).toBe('rewritten');
    expect(await readFile(join(out, '2026-10', 'org-a/invoice-2026-1001.pdf'), 'utf8')).toMatch(/^%PDF/);
  });

  it('skips 403 and 409 parts with the reason, fails on 500s and missing tokens, and still does the others', async () => {
    const svc = service();
    svc.orgs['org-a']!.costError = new FakeHttpError(403, 'usage is not shared with this organization');
    svc.orgs['org-b']!.listError = new FakeHttpError(409, "the organization's setup needs attention");
    svc.orgs['org-c']!.getError = new FakeHttpError(500, 'the service failed (HTTP 500)');
    const m = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    const [a, b, c] = m.organizations;
    // Invoices made, the workbook skipped: partly skipped, one word everywhere.
    expect(a!.status).toBe('partly_skipped');
    expect(a!.parts).toContainEqual({ part: 'cost_workbook', status: 'skipped', reason: '403: usage is not shared with this organization', http_status: 403 });
    expect(a!.invoices).toHaveLength(2);
    expect(b!.status).toBe('partly_skipped');
    expect(b!.parts.find((p) => p.part === 'invoices')).toMatchObject({ status: 'skipped', http_status: 409 });
    expect(m.files.some((f) => f.path === 'org-b/cost-2026-10.xlsx')).toBe(true);
    expect(c!.status).toBe('failed');
    expect(c!.error).toMatch(/500/);
    expect(m.summary).toMatchObject({ ok: 0, partly_skipped: 2, skipped: 0, failed: 1 });

    const missing = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: { ...ENV, C_TOKEN: undefined }, deps: service().deps() });
    expect(missing.organizations[2]).toMatchObject({ status: 'failed', error: expect.stringContaining('C_TOKEN') });
  });

  it('--with-service-pdf saves the service\'s PDFs; their failure is its own part and our documents still come', async () => {
    const svc = service();
    svc.orgs['org-b']!.pdfError = new FakeHttpError(500, 'the service failed (HTTP 500)');
    const m = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps(), withServicePdf: true });
    const [a, b] = m.organizations;
    expect(a!.parts).toContainEqual({ part: 'service_pdfs', status: 'ok' });
    expect(await readFile(join(out, '2026-10', 'org-a/invoice-2026-1001.service.pdf'), 'utf8')).toMatch(/^%PDF service/);
    expect(b!.status).toBe('failed');
    expect(b!.parts).toContainEqual({ part: 'service_pdfs', status: 'failed', reason: '500: the service failed (HTTP 500)', http_status: 500 });
    expect(b!.parts.find((p) => p.part === 'invoices')!.status).toBe('ok');
    expect(m.files.map((f) => f.path)).toContain('org-b/invoice-2026-1004.pdf');
  });

  it('writes the partner workbook, or records its failure', async () => {
    const withPartner = config({ partner: { token_env: 'P_TOKEN' } });
    const m = await runMonthEnd(withPartner, { outDir: out, month: '2026-10', env: ENV, deps: service().deps() });
    expect(m.partner).toEqual({ part: 'partner_workbook', status: 'ok' });
    expect(m.files.some((f) => f.path === 'partner-status.xlsx')).toBe(true);
    const bad = await runMonthEnd(withPartner, { outDir: out, month: '2026-10', env: { ...ENV, P_TOKEN: 'wrong-token' }, deps: service().deps() });
    expect(bad.partner).toMatchObject({ status: 'failed', http_status: 401 });
    expect(JSON.stringify(bad)).not.toContain('wrong-token');
  });

  it('on abort stops taking organizations, keeps what is done, and a rerun finishes the rest', async () => {
    const svc = service();
    for (const o of Object.values(svc.orgs)) o.delayMs = 30;
    const ac = new AbortController();
    const m = await runMonthEnd(config(), {
      outDir: out, month: '2026-10', env: ENV, deps: svc.deps(), concurrency: 1, signal: ac.signal,
      onProgress: (p) => { if (p.event === 'organization' && p.organizations_done === 1) ac.abort(); },
    });
    expect(m.interrupted).toBe(true);
    expect(m.organizations.map((o) => o.status)).toEqual(['ok', 'not_run', 'not_run']);
    expect(JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')).interrupted).toBe(true);
    const renders = svc.renders;
    const resumed = await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: svc.deps() });
    expect(resumed.summary).toMatchObject({ ok: 3, interrupted: false });
    expect(svc.renders).toBe(renders + 2); // org-b and org-c only
  });

  it('removes temp files a killed run left, and refuses a folder a live run holds', async () => {
    await mkdir(join(out, '2026-10', 'org-a'), { recursive: true });
    await writeFile(join(out, '2026-10', 'org-a', '.svc-tmp-invoice-2026-1001.pdf.999.abcd'), 'half');
    await runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: service().deps() });
    expect((await listAll(join(out, '2026-10'))).some((f) => f.includes('.svc-tmp-'))).toBe(false);

    await writeFile(join(out, '2026-10', '.svc-month-end.lock'), String(process.ppid));
    await expect(runMonthEnd(config(), { outDir: out, month: '2026-10', env: ENV, deps: service().deps() })).rejects.toThrow(/another month-end run/);
  });

  it('gives hostile organization ids distinct safe folders inside the month folder', async () => {
    const ids = ['../evil', 'CON', 'manifest.json', 'A/B', 'a_b'];
    const svc = new FakeService(Object.fromEntries(ids.map((id, i) => [id, { invoices: [invoice(id, i + 1)] }])), Object.fromEntries(ids.map((id) => [id, `tok-${id}`])));
    const cfg: RunConfig = { base_url: 'http://127.0.0.1:1', organizations: ids.map((id, i) => ({ org_id: id, name: id, token_env: `T${i}` })) };
    const env = Object.fromEntries(ids.map((id, i) => [`T${i}`, `tok-${id}`]));
    const m = await runMonthEnd(cfg, { outDir: out, month: '2026-10', env, deps: svc.deps() });
    expect(m.summary.ok).toBe(5);
    const folders = m.organizations.map((o) => o.folder);
    expect(new Set(folders.map((f) => f.toLowerCase())).size).toBe(5);
    expect(folders).not.toContain('manifest.json');
    expect(folders.every((f) => !f.includes('/') && !f.includes('\\') && !f.startsWith('.') && !/^con$/i.test(f))).toBe(true);
    expect((await readdir(out)).sort()).toEqual(['2026-10']);
    expect(JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8')).organizations).toHaveLength(5);
  });

  it('refuses a bad month or concurrency, naming it', async () => {
    await expect(runMonthEnd(config(), { outDir: out, month: '2026-13', env: ENV, deps: service().deps() })).rejects.toThrow(/^month: /);
    await expect(runMonthEnd(config(), { outDir: out, month: '2026-10', concurrency: 0, env: ENV, deps: service().deps() })).rejects.toThrow(/^concurrency: /);
  });
});
