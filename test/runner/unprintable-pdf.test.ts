import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFor, copySamples, editSampleInvoice, readTokens, svcInProcess, useReferenceServer } from '../_harness/index.js';

// An invoice whose buyer's name has Chinese characters (the PDF's fonts have none) used to get a
// PDF with boxes for the name and exit 0. The month end against the reference server, over HTTP,
// with the built svc: that invoice's PDF is not made and the part invoice_pdfs fails naming the
// invoice, the field and the characters, on the terminal, in summary.md and on index.html; its
// JSON and e-invoice are made, the books count it, the other invoices and parts go on; exit 1.

const NAME = 'Nordlys Analytics ApS — 北京数据科技有限公司 丹麦分公司';
let tmp: string;
const server = useReferenceServer(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-unprintable-'));
  const data = await copySamples(join(tmp, 'data'));
  await editSampleInvoice<{ buyer: { legal_name: string } }>(data, 'nordlys-2026-10.json', (invoice) => {
    invoice.buyer.legal_name = NAME;
  });
  return { dataDir: data };
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('a month end with an invoice its PDF cannot print', () => {
  it('fails the PDF part visibly, makes no PDF of it, and still makes its e-invoice, the workbook and the books', async () => {
    const tokens = await readTokens(join(tmp, 'data'));
    const { config, env } = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => o.org_id === 'org-nordlys') });
    const cfg = join(tmp, 'runs.json');
    await writeFile(cfg, JSON.stringify(config));
    const out = join(tmp, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out, '--language', 'en'], env, { cwd: tmp });
    expect(r.code, r.stderr).toBe(1);
    const why = 'invoice 2026-0142: buyer.legal_name: has characters the PDF\'s fonts (DejaVu Sans) have no glyph for: U+5317 "北", U+4EAC "京"';
    expect(r.stderr).toContain(why);

    const month = join(out, '2026-10');
    const manifest = JSON.parse(await readFile(join(month, 'manifest.json'), 'utf8')) as {
      organizations: Array<{ org_id: string; status: string; parts: Array<{ part: string; status: string; reason?: string }>; invoices: Array<{ invoice_number: string; status: string; files: string[]; einvoice?: string; pdf_error?: string }> }>;
    };
    const nordlys = manifest.organizations.find((o) => o.org_id === 'org-nordlys')!;
    expect(nordlys.status).toBe('failed');
    expect(nordlys.parts.map((p) => [p.part, p.status])).toEqual([['invoice_pdfs', 'failed'], ['invoices', 'ok'], ['cost_workbook', 'ok']]);
    expect(nordlys.parts.find((p) => p.part === 'invoice_pdfs')!.reason).toContain(why);
    const issued = nordlys.invoices.find((e) => e.invoice_number === '2026-0142')!;
    // Its JSON and e-invoice; no PDF on disk, not even a temporary one.
    expect(issued.files.map((f) => f.split('.').at(-1))).toEqual(['json', 'xml']);
    expect(issued.einvoice).toBe('written');
    // The invoice's own entry says its PDF was not made and why, in the part's words; the void one has no such mark.
    expect(issued.pdf_error).toContain(why.slice('invoice 2026-0142: '.length));
    expect(`invoice 2026-0142: ${issued.pdf_error}`).toBe(nordlys.parts.find((p) => p.part === 'invoice_pdfs')!.reason);
    expect(nordlys.invoices.filter((i) => i.pdf_error !== undefined)).toHaveLength(1);
    const folder = join(month, 'org-nordlys');
    const names = await readdir(folder);
    expect(names.filter((n) => n.includes('2026-0142') && !n.includes('void'))).toEqual(issued.files.map((f) => f.split('/').at(-1)).sort());
    expect(names.filter((n) => n.includes('svc-tmp'))).toEqual([]);
    // The e-invoice carries the name whole: it is text, not a font's glyphs.
    expect(await readFile(join(month, issued.files.find((f) => f.endsWith('.xml'))!), 'utf8')).toContain(NAME);
    // The void invoice of the month still gets its PDF, and the workbook is made.
    const other = nordlys.invoices.find((e) => e.invoice_number !== '2026-0142')!;
    expect(other.files.some((f) => f.endsWith('.pdf') && existsSync(join(month, f)))).toBe(true);
    expect(existsSync(join(month, 'org-nordlys', 'cost-2026-10.xlsx'))).toBe(true);
    // The books count the invoice: its record was read.
    expect(await readFile(join(month, 'books', 'journal.csv'), 'utf8')).toContain('2026-0142');

    // Where a person looks: summary.md and index.html say which invoice, which field and why.
    const summary = (await readFile(join(month, 'summary.md'), 'utf8')).replace(/\\/g, '');
    expect(summary).toContain(why);
    const page = await readFile(join(month, 'index.html'), 'utf8');
    expect(page).toContain('Invoice PDFs');
    expect(page).toMatch(/invoice 2026-0142: buyer\.legal_name: has characters the PDF(&#39;|')s fonts \(DejaVu Sans\) have no glyph for: U\+5317 (&quot;|")北(&quot;|")/);
    // And the invoice's row, which links its JSON and XML, says there is no PDF and why.
    const row = page.split('<tr').find((r) => r.startsWith('><td>2026-0142</td>'));
    expect(row).toMatch(/No PDF for invoice 2026-0142: buyer\.legal_name: has characters the PDF(&#39;|')s fonts/);
    expect(page.split('<tr').filter((r) => r.includes('No PDF for invoice'))).toHaveLength(1);

    // svc verify re-derives the run from its kept answers: the same refusal, nothing amiss.
    const v = await svcInProcess(['verify', month], env, { cwd: tmp });
    expect(v.code, v.stdout + v.stderr).toBe(0);
  }, 60_000);
});
