import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import { verifyRun } from '../../src/verify/index.js';
import { exitCodeOf } from '../../src/cli/month-end/month-end.js';
import { sha256 } from '../../src/runner/manifest/hash.js';
import { BUNDLED_SAMPLES_DIR, startReferenceServer } from '../../src/server/index.js';
import { sheetNames, pdfText } from './_read.js';
import { configFor, copySamples, readTokens, samplesWithShares, useReferenceServer, type SampleTokens } from '../_harness/index.js';

// The month end against the reference server over real loopback HTTP, with the package's own
// client, renderer and workbook builder.

interface SampleInvoice { id: string; org_id: string; invoice_number: string; status: string; period_start: string; buyer: { legal_name: string } }

let tmp: string;
const server = useReferenceServer();
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-month-end-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function sampleInvoices(dir = BUNDLED_SAMPLES_DIR): Promise<SampleInvoice[]> {
  const names = (await readdir(join(dir, 'invoices'))).filter((n) => n.endsWith('.json'));
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, 'invoices', n), 'utf8')) as SampleInvoice));
}

/** The tokens of just the organizations named, where the others are not the test's point. */
function only(tokens: SampleTokens, orgIds: string[]): SampleTokens {
  return { ...tokens, orgs: tokens.orgs.filter((o) => orgIds.includes(o.org_id)) };
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('month end against the reference server', () => {
  it('produces every organization\'s documents, skips what is not shared, and a rerun skips everything', async () => {
    const out = join(tmp, 'full');
    const tokens = await readTokens();
    const { config, env } = configFor(server.url, tokens, true);
    const m = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
    expect(exitCodeOf(m)).toBe(0);
    expect(m.partner).toEqual({ part: 'partner_workbook', status: 'ok' });
    const byId = Object.fromEntries(m.organizations.map((o) => [o.org_id, o]));
    expect(byId['org-nordlys']!.status).toBe('ok');
    expect(byId['org-kattegat']!.status).toBe('ok');
    // Usage not shared (403), invoices shared: the workbook is made from the invoices and the plan, and says what it lacks.
    expect(byId['org-fjordline']!.status).toBe('ok');
    expect(byId['org-fjordline']!.parts).toEqual([
      { part: 'invoices', status: 'ok' },
      { part: 'cost_workbook', status: 'ok', without: [{ records: 'usage', reason: '403: usage is not shared with this organization', http_status: 403 }] },
    ]);
    expect(byId['org-fjordline']!.cost).toMatchObject({ usage_dkk: null, usage_usd: null, total_dkk: null, plan_source: 'invoice', plan_invoices: ['2026-0143'], usage_withheld: { http_status: 403 } });
    expect(m.files.filter((f) => f.org_id === 'org-fjordline' && f.kind === 'cost_workbook').map((f) => f.path)).toEqual(['org-fjordline/cost-2026-10.xlsx']);
    // Setup needs attention (409) on invoices and key usage: nothing to book from, so no workbook, and the reason.
    expect(byId['org-havblik']).toMatchObject({ status: 'skipped', parts: expect.arrayContaining([expect.objectContaining({ part: 'invoices', http_status: 409 })]) });
    expect(byId['org-havblik']!.parts.find((p) => p.part === 'cost_workbook')).toMatchObject({ status: 'skipped', http_status: 409 });
    expect(m.files.some((f) => f.org_id === 'org-havblik')).toBe(false);

    const monthDir = join(out, '2026-10');
    const october = (await sampleInvoices()).filter((i) => i.period_start.startsWith('2026-10'));
    expect(october.length).toBeGreaterThanOrEqual(4);
    for (const inv of october) {
      const entry = byId[inv.org_id]!.invoices.find((e) => e.id === inv.id)!;
      expect(entry, `${inv.invoice_number} listed`).toBeDefined();
      const jsonPath = entry.files.find((f) => f.endsWith('.json'))!;
      expect(JSON.parse(await readFile(join(monthDir, jsonPath), 'utf8'))).toEqual(inv);
      const { text } = await pdfText(await readFile(join(monthDir, entry.files.find((f) => f.endsWith('.pdf'))!)));
      expect(text).toContain(inv.invoice_number);
      expect(text).toContain(inv.buyer.legal_name);
      if (inv.status === 'void') expect(text).toMatch(/ANNULLERET|VOID/);
    }
    expect(sheetNames(await readFile(join(monthDir, 'partner-status.xlsx'))).length).toBeGreaterThanOrEqual(2);
    for (const org of ['org-nordlys', 'org-kattegat']) {
      expect(sheetNames(await readFile(join(monthDir, org, 'cost-2026-10.xlsx'))).length).toBeGreaterThanOrEqual(5);
    }
    // Without usage, the sheets made from usage alone are left out (in English, its invoice's language).
    expect(sheetNames(await readFile(join(monthDir, 'org-fjordline', 'cost-2026-10.xlsx')))).toEqual(['Summary', 'Months', 'Plan cost', 'Invoices']);
    expect(byId['org-nordlys']!.cost!.usage_dkk).not.toBeNull();

    for (const f of m.files) {
      const bytes = await readFile(join(monthDir, f.path));
      expect([f.path, bytes.length, sha256(bytes)]).toEqual([f.path, f.size, f.sha256]);
    }
    // No token anywhere in what the run wrote.
    for (const file of await allFiles(out)) {
      const text = (await readFile(file)).toString('latin1');
      for (const { token } of [...tokens.orgs, ...tokens.partners]) expect(text.includes(token), file).toBe(false);
    }
    const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
    // In the run's language: most organizations' documents are Danish (their invoices' language).
    expect(summary).toMatch(/^# Månedsafslutning, oktober 2026\n/);
    expect(summary).toContain('Name of org-nordlys');
    // The reason in the run's language, the service's own words after it (the manifest keeps them as recorded).
    expect(summary).toContain('- Omkostningsregneark lavet uden forbrug: tjenesten giver ikke adgang (svar 403: usage is not shared with this organization)');
    expect(summary).toContain("- Fakturaer sprunget over: organisationens opsætning skal ordnes hos tjenesten (svar 409: the organization's setup needs attention on the service's side)");
    // An organization whose every part was withheld: skipped, and its invoices unknown rather than none.
    expect(summary).toContain('| Name of org-havblik | sprunget over | – | – | – | – | – |');
    // Nothing was made for it, so no folder is named (none exists).
    expect(summary).not.toContain('org-havblik/');
    expect(existsSync(join(monthDir, 'org-havblik'))).toBe(false);
    expect(summary).toContain('Fakturaerne blev ikke hentet (se ovenfor).');
    expect(summary).toMatch(/\| Name of org-fjordline \| ok \| 1 \| 2\.096,12 EUR \| 2\.096,12 EUR \| 0 \| ukendt \|/);
    expect(summary).toContain('Tjenesten tilbageholdt forbruget, så forbrug og i alt er ukendte.');
    // Net and gross labelled, cost excl. VAT with the month's own plan from its invoice.
    expect(summary).toContain('| Fakturanummer | Status | Periode | Forfald | Netto ekskl. moms | Moms | Total inkl. moms |');
    expect(summary).toContain('| 2026-0142 | Udstedt | oktober 2026 | 17.11.2026 | 25.392,22 DKK | 6.348,06 DKK | 31.740,28 DKK |');
    expect(summary).toContain('| Abonnement | 16.394,00 DKK |');
    expect(summary).toContain('| **I alt** | **25.392,22 DKK** |');
    expect(byId['org-nordlys']!.cost).toMatchObject({ plan_dkk_cents: 1639400, dev_overage_dkk_cents: 54000, plan_source: 'invoice', plan_invoices: ['2026-0142'], total_dkk: '25392.217472' });

    const mtimes = await Promise.all(m.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page').map(async (f) => (await stat(join(monthDir, f.path))).mtimeMs));
    const again = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
    expect(again.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page').map((f) => f.status)).toEqual(m.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page').map(() => 'unchanged'));
    const after = await Promise.all(m.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page').map(async (f) => (await stat(join(monthDir, f.path))).mtimeMs));
    expect(after).toEqual(mtimes);
    // Two month ends and the package's first loading in this worker: vitest's 30 s default ran out once (beside another file, at a load of 14 on 2 cores).
  }, 60_000);

  it('one organization failing with 500s does not stop the others', async () => {
    const faulty = await startReferenceServer({ faults: [{ path: '/api/orgs/org-kattegat/invoices/*', status: 500 }] });
    try {
      // The failing organization and one other (the whole dataset's others add nothing to the point).
      const { config, env } = configFor(faulty.url, only(await readTokens(), ['org-kattegat', 'org-nordlys']));
      const m = await runMonthEnd(config, { outDir: join(tmp, 'faults'), month: '2026-10', env });
      const byId = Object.fromEntries(m.organizations.map((o) => [o.org_id, o]));
      expect(byId['org-kattegat']!.status).toBe('failed');
      expect(byId['org-kattegat']!.error).toMatch(/invoices: 500/);
      // Which of the organization's requests failed, since "HTTP 500" alone does not say (an operator's review).
      expect(byId['org-kattegat']!.parts.find((p) => p.part === 'invoices')!.reason).toMatch(/^500: the service failed to answer \(HTTP 500\) \(GET \/api\/orgs\/org-kattegat\/invoices\/[0-9a-f-]{36}\)$/);
      expect(byId['org-nordlys']!.status).toBe('ok');
      expect(byId['org-nordlys']!.invoices).toHaveLength(2);
      expect(exitCodeOf(m)).toBe(1);
      // The workbook reads the invoice's lines (the month's plan), so it fails too, and nothing of it is written.
      expect(byId['org-kattegat']!.parts.find((p) => p.part === 'cost_workbook')).toMatchObject({ status: 'failed' });
      expect(m.files.some((f) => f.path === 'org-kattegat/cost-2026-10.xlsx')).toBe(false);
      expect(m.files.some((f) => f.path === 'org-nordlys/cost-2026-10.xlsx')).toBe(true);
    } finally {
      await faulty.close();
    }
  }, 20_000);

  it('a token of another organization fails that organization (exit 1), never "skipped": the config\'s wiring, not the service\'s sharing', async () => {
    const { config, env } = configFor(server.url, only(await readTokens(), ['org-kattegat', 'org-nordlys']));
    // Kattegat's entry wired to Nordlys's token.
    const kattegat = config.organizations.find((o) => o.org_id === 'org-kattegat')!;
    const nordlys = config.organizations.find((o) => o.org_id === 'org-nordlys')!;
    const m = await runMonthEnd({ ...config, organizations: [{ ...kattegat, token_env: nordlys.token_env }, nordlys] }, { outDir: join(tmp, 'wired'), month: '2026-10', env });
    const byId = Object.fromEntries(m.organizations.map((o) => [o.org_id, o]));
    expect(byId['org-kattegat']!.status).toBe('failed');
    expect(byId['org-kattegat']!.error).toMatch(/403: this token belongs to another organization/);
    expect(byId['org-nordlys']!.status).toBe('ok');
    expect(exitCodeOf(m)).toBe(1);
  }, 20_000);

  it('a 403 whose body the client cannot read stays a skip (the spec\'s "not shared"), not a wiring failure', async () => {
    // The injected fault's body (`injected_fault`) names no reason the client knows: it falls back to "… not shared …, or the token belongs to another organization".
    const faulty = await startReferenceServer({ faults: [{ path: '/api/orgs/org-nordlys/invoices', status: 403 }] });
    try {
      const { config, env } = configFor(faulty.url, only(await readTokens(), ['org-nordlys']));
      const m = await runMonthEnd(config, { outDir: join(tmp, 'unreadable-403'), month: '2026-10', env });
      const nordlys = m.organizations[0]!;
      expect(nordlys.parts.find((p) => p.part === 'invoices')).toMatchObject({ status: 'skipped', http_status: 403 });
      expect(nordlys.status).not.toBe('failed');
      expect(exitCodeOf(m)).toBe(0);
    } finally {
      await faulty.close();
    }
  }, 20_000);

  it('svc verify finds a run with an organization\'s invoices not shared (403 invoices_not_shared) as the run left it', async () => {
    const data = samplesWithShares({ 'org-kattegat': { invoices: false } });
    const unshared = await startReferenceServer({ dataDir: data });
    try {
      const tokens = only(await readTokens(data), ['org-kattegat', 'org-nordlys']);
      const { config, env } = configFor(unshared.url, tokens);
      const m = await runMonthEnd(config, { outDir: join(tmp, 'unshared-invoices'), month: '2026-10', env });
      const kattegat = m.organizations.find((o) => o.org_id === 'org-kattegat')!;
      expect(kattegat.parts.find((p) => p.part === 'invoices')).toMatchObject({ status: 'skipped', reason: '403: invoices are not shared with this organization' });
      // Replayed, the kept 403's body says the same (verify's own token once masked the "v" of "invoices" in it).
      expect((await verifyRun(join(tmp, 'unshared-invoices', '2026-10'))).differences).toEqual([]);
    } finally {
      await unshared.close();
    }
  }, 60_000);

  it('a rerun that can no longer read an organization\'s invoices (403 now) fails it, exit 1: its kept invoice is in no figure, and the run says so', async () => {
    const out = join(tmp, 'unshared-out');
    const tokens = only(await readTokens(), ['org-kattegat', 'org-nordlys']);
    const first = await runMonthEnd(configFor(server.url, tokens).config, { outDir: out, month: '2026-10', env: configFor(server.url, tokens).env });
    expect(first.organizations.map((o) => o.status)).toEqual(['ok', 'ok']);
    expect(exitCodeOf(first)).toBe(0);
    // Kattegat's invoices, usage and subscription no longer shared with it.
    const second = await startReferenceServer({ dataDir: samplesWithShares({ 'org-kattegat': { invoices: false, usage: false, subscription: false } }) });
    try {
      const { config, env } = configFor(second.url, tokens);
      const again = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
      const kattegat = again.organizations.find((o) => o.org_id === 'org-kattegat')!;
      expect(kattegat.status).toBe('failed');
      expect(kattegat.error).toMatch(/^invoices: 403: invoices are not shared with this organization.*; so this run could not read invoice 2026-0144 \(made by an earlier run of this month\) again: its files are kept, but no figure, book or VAT return of this run counts it; run again when the service lists it$/);
      expect(exitCodeOf(again)).toBe(1);
      // Its files stay, listed as kept; the books hold Nordlys's invoice alone (2026-0142), not Kattegat's 2026-0144.
      expect(again.files.filter((f) => f.org_id === 'org-kattegat' && f.kind === 'invoice_json').map((f) => f.status)).toEqual(['kept']);
      const journal = await readFile(join(out, '2026-10', 'books', 'journal.csv'), 'utf8');
      expect(journal).toContain('2026-0142');
      expect(journal).not.toContain('2026-0144');
      expect(await readFile(join(out, '2026-10', 'summary.md'), 'utf8')).toContain('no figure, book or VAT return of this run counts it');
      // The folder is what this run says it is.
      expect((await verifyRun(join(out, '2026-10'))).differences).toEqual([]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it("a rerun after an organization's usage changed keeps the new answers and removes the files of those no longer asked", async () => {
    const data = await copySamples(join(tmp, 'usage-data'));
    const out = join(tmp, 'usage-out');
    const tokens = await readTokens(data);
    const before = await runMonthEnd(configFor(server.url, tokens).config, { outDir: out, month: '2026-10', env: configFor(server.url, tokens).env });
    // One key's requests on the month's last day, one more: its key usage and monthly usage answer otherwise.
    const csv = join(data, 'orgs', 'org-nordlys', 'usage.csv');
    const text = await readFile(csv, 'utf8');
    const row = '2026-10-31,key-nl-011,svc-chat-large,766982,227354,0,0,386,0';
    expect(text).toContain(row);
    await writeFile(csv, text.replace(row, row.replace(',386,', ',387,')));
    const second = await startReferenceServer({ dataDir: data });
    try {
      const { config, env } = configFor(second.url, tokens);
      const after = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
      const monthDir = join(out, '2026-10');
      const usageFiles = (files: typeof before.files) => files.filter((f) => f.org_id === 'org-nordlys' && f.kind === 'api_answer' && /usage/.test(f.source)).map((f) => f.path);
      const old = usageFiles(before.files);
      expect(old.length).toBe(2);
      const now = usageFiles(after.files);
      expect(now.length).toBe(2);
      expect(now.filter((p) => old.includes(p))).toEqual([]);
      for (const p of old) await expect(stat(join(monthDir, p))).rejects.toThrow(/ENOENT/);
      expect(after.files.find((f) => f.path === 'org-nordlys/cost-2026-10.xlsx')).toMatchObject({ status: 'rewritten', previous_source_sha256: expect.any(String) });
      expect(after.files.find((f) => f.path === 'org-fjordline/cost-2026-10.xlsx')!.status).toBe('unchanged');
      expect((await verifyRun(monthDir)).differences).toEqual([]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('a rerun after an invoice was voided rewrites just its files and notes the change', async () => {
    const data = await copySamples(join(tmp, 'voided-data'));
    const out = join(tmp, 'voided-out');
    const tokens = await readTokens(data);
    // Before the change the copy is the bundled samples as they are: the file's server over them
    // (already read) serves the first run, instead of a second server reading the copy.
    const before = await runMonthEnd(configFor(server.url, tokens).config, { outDir: out, month: '2026-10', env: configFor(server.url, tokens).env });
    const path = join(data, 'invoices', 'fjordline-2026-10.json');
    await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), status: 'void' }));
    const second = await startReferenceServer({ dataDir: data });
    try {
      const { config, env } = configFor(second.url, tokens);
      const after = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
      const monthDir = join(out, '2026-10');
      for (const f of after.files.filter((f) => f.kind !== 'summary' && f.kind !== 'index_page')) {
        const old = before.files.find((b) => b.path === f.path)!;
        // The invoice's files, the cost workbook whose plan and reconciliation came from it, and the VAT return, which
        // now lists it as void (not as without a rate: the journal never booked the EUR invoice, no rates file being given).
        if ((f.org_id === 'org-fjordline' && (f.kind.startsWith('invoice') || f.kind === 'cost_workbook')) || f.kind === 'vat_return') {
          expect([f.path, f.status, f.previous_source_sha256]).toEqual([f.path, 'rewritten', old.source_sha256]);
          expect(f.source_sha256).not.toBe(old.source_sha256);
        } else if (f.org_id === 'org-fjordline' && f.kind === 'api_answers') {
          // Its kept answers (issue 38): the index lists the new invoice list; answers unchanged stay.
          expect([f.path, f.status]).toEqual([f.path, 'rewritten']);
        } else if (f.org_id === 'org-fjordline' && f.kind === 'api_answer') {
          expect([f.path, f.status]).toEqual([f.path, old ? 'unchanged' : 'written']);
        } else expect([f.path, f.status]).toEqual([f.path, 'unchanged']);
      }
      expect(after.files.some((f) => f.org_id === 'org-nordlys' && f.status === 'unchanged')).toBe(true);
      // The invoice list, a small text, is kept in the index itself: the index now holds the list with the invoice void.
      const index = JSON.parse(await readFile(join(monthDir, 'org-fjordline/answers/index.json'), 'utf8')) as { answers: Array<{ path: string; text?: string }> };
      const list = index.answers.find((a) => a.path === '/api/orgs/org-fjordline/invoices')!;
      expect((JSON.parse(list.text!) as Array<{ status: string }>).map((i) => i.status)).toEqual(['void']);
      const pdf = after.files.find((f) => f.path.startsWith('org-fjordline/') && f.kind === 'invoice_pdf')!;
      expect((await pdfText(await readFile(join(monthDir, pdf.path)))).text).toMatch(/VOID/);
      expect(after.organizations.find((o) => o.org_id === 'org-fjordline')!.invoices[0]!.status).toBe('void');
      // The e-invoice of the invoice as issued is gone: a void invoice is never sent.
      const xml = before.files.find((f) => f.path.startsWith('org-fjordline/') && f.kind === 'invoice_xml')!;
      expect(xml).toBeDefined();
      expect(after.files.some((f) => f.path === xml.path)).toBe(false);
      await expect(stat(join(monthDir, xml.path))).rejects.toThrow(/ENOENT/);
      expect(after.organizations.find((o) => o.org_id === 'org-fjordline')!.invoices[0]!.einvoice).toBe('void');
      const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
      // No credit note series in this run's config: the credit note is still to make, and the status says so.
      expect(summary).toMatch(/\| 2026-0143 \| Annulleret: kreditnotaen er ikke lavet endnu \| oktober 2026 \| – \|/);
    } finally {
      await second.close();
    }
  }, 30_000);

  it('files hostile invoice numbers under safe, distinct names inside the output folder', async () => {
    const data = await copySamples(join(tmp, 'hostile-data'));
    const template = JSON.parse(await readFile(join(data, 'invoices', 'nordlys-2026-10.json'), 'utf8')) as Record<string, unknown>;
    const hostile = ['../../etc/passwd', 'CON', 'a/b\\c:d*?', 'x'.repeat(300), 'Faktura Ø/Ł€ №5 ', 'inv-A', 'INV-a', 'AUX.'];
    for (const [i, number] of hostile.entries()) {
      const id = `7a000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      await writeFile(join(data, 'invoices', `hostile-${i}.json`), JSON.stringify({ ...template, id, invoice_number: number, issued_at: `2026-11-04T10:0${i}:00+00:00` }));
    }
    const hostileServer = await startReferenceServer({ dataDir: data });
    try {
      // Nordlys alone: the hostile numbers are its invoices.
      const { config, env } = configFor(hostileServer.url, only(await readTokens(data), ['org-nordlys']));
      const out = join(tmp, 'hostile-out');
      const before = await readdir(tmp);
      const m = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
      const nordlys = m.organizations.find((o) => o.org_id === 'org-nordlys')!;
      // The 300-character number cannot be printed whole (it would push Nordlys's invoice onto a
      // second page, whose header has no room for it): no PDF of it, the part invoice_pdfs fails
      // naming it, and its JSON and e-invoice are filed all the same.
      const tooLong = 'x'.repeat(300);
      expect(nordlys.status).toBe('failed');
      expect(nordlys.parts.filter((p) => p.status !== 'ok')).toEqual([
        { part: 'invoice_pdfs', status: 'failed', reason: expect.stringMatching(new RegExp(`^invoice ${tooLong}: invoice_number: too long to print in full in the header of the pages after the first`)) },
      ]);
      const monthDir = resolve(out, '2026-10');
      const files = await allFiles(monthDir);
      for (const f of files) {
        expect(f.startsWith(monthDir + sep)).toBe(true);
        const name = f.slice(monthDir.length + 1).split(sep).at(-1)!;
        // eslint-disable-next-line no-control-regex -- control characters are among those Windows forbids in a file name
        expect(name).not.toMatch(/[<>:"\\|?*\u0000-\u001f]/);
        expect(name.split('.')[0]!.trim()).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(140);
        expect(name).not.toMatch(/[. ]$/);
      }
      for (const number of hostile) {
        const entry = nordlys.invoices.find((e) => e.invoice_number === number)!;
        // The invoice's JSON, PDF and e-invoice XML (the too long one's JSON and XML).
        if (number === tooLong) {
          expect(entry.files.map((f) => f.split('.').at(-1))).toEqual(['json', 'xml']);
          continue;
        }
        expect(entry.files).toHaveLength(3);
        const { text } = await pdfText(await readFile(join(monthDir, entry.files.find((f) => f.endsWith('.pdf'))!)));
        expect(text.replace(/\s+/g, '')).toContain(number.slice(0, 40).replace(/\s+/g, ''));
      }
      const names = nordlys.invoices.flatMap((e) => e.files.map((f) => f.toLowerCase()));
      expect(new Set(names).size).toBe(names.length);
      // Nothing landed beside the output folder or beside the month folder.
      expect((await readdir(tmp)).sort()).toEqual([...before, 'hostile-out'].sort());
      expect(await readdir(out)).toEqual(['2026-10']);
    } finally {
      await hostileServer.close();
    }
  }, 30_000);
});
