// A month end with --with-service-pdf where the service refuses one invoice's PDF (409: a record it
// cannot print as stored) against the reference server over HTTP: the organization's other
// invoices' service PDFs are still fetched and saved, and the part service_pdfs names the refused
// invoice. Before, the first 409 stopped the part, so a later invoice's service PDF was never asked
// for while the reason named only the first (an outside review).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFor, copySamples, editSampleInvoice, readTokens, svcInProcess, useReferenceServer } from '../_harness/index.js';

let tmp: string;
const server = useReferenceServer(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-service-pdf-'));
  const data = await copySamples(join(tmp, 'data'));
  // Nordlys's void October invoice, 2026-0131, which the run reaches before 2026-0142: a buyer name its fonts cannot print.
  await editSampleInvoice<{ invoice_number: string; buyer: { legal_name: string } }>(data, 'nordlys-2026-10-void.json', (invoice) => {
    expect(invoice.invoice_number).toBe('2026-0131');
    invoice.buyer.legal_name = 'Nordlys Analytics ApS — 北京数据科技有限公司';
  });
  return { dataDir: data };
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("a month end whose service refuses one invoice's PDF", () => {
  it("fetches the other invoices' service PDFs and names the refused invoice in service_pdfs", async () => {
    const tokens = await readTokens(join(tmp, 'data'));
    const { config, env } = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys') });
    const cfg = join(tmp, 'runs.json');
    await writeFile(cfg, JSON.stringify(config));
    const out = join(tmp, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out, '--language', 'en', '--with-service-pdf'], env, { cwd: tmp });
    const month = join(out, '2026-10');
    const manifest = JSON.parse(await readFile(join(month, 'manifest.json'), 'utf8')) as {
      organizations: Array<{ org_id: string; parts: Array<{ part: string; status: string; reason?: string; http_status?: number }>; invoices: Array<{ invoice_number: string; files: string[] }> }>;
    };
    const nordlys = manifest.organizations.find((o) => o.org_id === 'org-nordlys')!;
    const part = nordlys.parts.find((p) => p.part === 'service_pdfs')!;
    expect(part.status).toBe('skipped');
    expect(part.http_status).toBe(409);
    expect(part.reason).toMatch(/^409: invoice 2026-0131: the organization's setup needs attention on the service's side: the service says: invoice 2026-0131 cannot be printed as stored: buyer\.legal_name/);
    expect(part.reason).not.toContain('2026-0142');
    // 2026-0142's service PDF was asked for after the refusal, and saved.
    const issued = nordlys.invoices.find((i) => i.invoice_number === '2026-0142')!;
    const servicePdf = issued.files.find((f) => f.endsWith('.service.pdf'));
    expect(servicePdf).toBeDefined();
    expect((await readFile(join(month, servicePdf!))).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(nordlys.invoices.find((i) => i.invoice_number === '2026-0131')!.files.some((f) => f.endsWith('.service.pdf'))).toBe(false);
    // Our own PDF of 2026-0131 is refused too (its own part), so the run exits 1; the summary names both.
    expect(r.code, r.stderr).toBe(1);
    const summary = (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\/g, '');
    expect(summary).toContain('invoice 2026-0131: the organization');
    expect(existsSync(join(month, 'org-nordlys', 'cost-2026-10.xlsx'))).toBe(true);
    // svc verify re-derives the run from its kept answers, the refusal and the saved PDF included.
    const v = await svcInProcess(['verify', month], env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
  }, 60_000);
});
