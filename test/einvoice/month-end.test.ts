import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import { exitCodeOf } from '../../src/cli/month-end/month-end.js';
import { sha256 } from '../../src/runner/manifest/hash.js';
import { BUNDLED_SAMPLES_DIR, startReferenceServer } from '../../src/server/index.js';
import { money, parseXml, text } from './_ubl.js';
import { configFor, copySamples, readTokens, svcInProcess } from '../_harness/index.js';

interface SampleInvoice { id: string; org_id: string; invoice_number: string; status: string; period_start: string; total_cents: number }

let tmp: string;
beforeAll(async () => (tmp = await mkdtemp(join(tmpdir(), 'svc-einvoice-month-'))));
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function octoberInvoices(dir: string): Promise<SampleInvoice[]> {
  const names = (await readdir(join(dir, 'invoices'))).filter((n) => n.endsWith('.json'));
  const all = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, 'invoices', n), 'utf8')) as SampleInvoice));
  return all.filter((i) => i.period_start.startsWith('2026-10'));
}

/** A month end of the dataset's organizations (`only`: just those, where the others are not the point). */
async function run(dataDir: string, out: string, only?: string[]) {
  const all = await readTokens(dataDir);
  const tokens = only ? { ...all, orgs: all.orgs.filter((o) => only.includes(o.org_id)) } : all;
  const server = await startReferenceServer({ dataDir });
  try {
    const { config, env } = configFor(server.url, tokens);
    return await runMonthEnd(config, { outDir: out, month: '2026-10', env });
  } finally {
    await server.close();
  }
}

describe('month end: invoice-<number>.xml beside each issued invoice', () => {
  it('writes the e-invoice of every issued invoice, lists it with its sha256 and counts it; none for a void one', async () => {
    const out = join(tmp, 'samples');
    const m = await run(BUNDLED_SAMPLES_DIR, out);
    expect(exitCodeOf(m)).toBe(0);
    const monthDir = join(out, '2026-10');
    const served = new Set(m.organizations.flatMap((o) => o.invoices.map((i) => i.id)));
    const october = (await octoberInvoices(BUNDLED_SAMPLES_DIR)).filter((i) => served.has(i.id));
    const issued = october.filter((i) => i.status === 'issued');
    expect(issued.length).toBeGreaterThanOrEqual(3);
    expect(october.some((i) => i.status === 'void')).toBe(true);
    for (const inv of october) {
      const entry = m.organizations.find((o) => o.org_id === inv.org_id)!.invoices.find((e) => e.id === inv.id)!;
      const xmlPath = entry.files.find((f) => f.endsWith('.xml'));
      if (inv.status === 'void') {
        expect(entry.einvoice).toBe('void');
        expect(xmlPath).toBeUndefined();
        continue;
      }
      expect(entry.einvoice).toBe('written');
      expect(xmlPath).toBe(entry.files.find((f) => f.endsWith('.pdf'))!.replace(/\.pdf$/, '.xml'));
      const bytes = await readFile(join(monthDir, xmlPath!));
      const listed = m.files.find((f) => f.path === xmlPath)!;
      expect(listed).toMatchObject({ kind: 'invoice_xml', size: bytes.length, sha256: sha256(bytes), org_id: inv.org_id });
      const doc = parseXml(bytes).documentElement!;
      expect(text(doc, 'cbc:ID')).toBe(inv.invoice_number);
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe(money(inv.total_cents));
    }
    expect(m.summary.einvoices).toBe(issued.length);
    expect(m.summary.einvoices_failed).toBe(0);
    const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
    // The samples are mostly Danish organizations: the summary is in Danish (runLanguage).
    expect(summary).toContain('E-fakturaer (Peppol XML): 1 af 1 udstedte fakturaer');
  }, 60_000);

  it('keeps the PDF of an invoice the e-invoice cannot be made for, and says why, without failing the organization', async () => {
    const data = await copySamples(join(tmp, 'bad-country-data'));
    const path = join(data, 'invoices', 'kattegat-2026-10.json');
    const json = JSON.parse(await readFile(path, 'utf8'));
    // A country that is no country: a warning of the check (the invoice is not held back), and a
    // field the e-invoice cannot state.
    json.buyer.country = 'Atlantis';
    await writeFile(path, JSON.stringify(json));
    const out = join(tmp, 'bad-country');
    // Kattegat alone: the organization with the bad country is the one that must not fail (the other
    // organizations going on is the next test's point, over a full run).
    const m = await run(data, out, ['org-kattegat']);
    expect(m.organizations.map((o) => o.org_id)).toEqual(['org-kattegat']);
    expect(exitCodeOf(m)).toBe(0);
    const org = m.organizations.find((o) => o.org_id === 'org-kattegat')!;
    expect(org.status).toBe('ok');
    const entry = org.invoices.find((i) => i.invoice_number === json.invoice_number)!;
    expect(entry.held_back).toBeUndefined();
    expect(entry.einvoice).toBe('failed');
    expect(entry.einvoice_error).toMatch(/^buyer\.country: "Atlantis" names no country/);
    expect(entry.einvoice_code).toBeUndefined();
    expect(entry.files.map((f) => f.slice(f.lastIndexOf('.')))).toEqual(['.json', '.pdf']);
    await readFile(join(out, '2026-10', entry.files[1]!));
    expect(m.summary.einvoices_failed).toBe(1);
    const summary = await readFile(join(out, '2026-10', 'summary.md'), 'utf8');
    // In Danish, the field named in Danish words, the writer's own reason after it.
    expect(summary).toContain(`Ingen e-faktura for faktura ${json.invoice_number}: feltet buyer.country kan ikke stå i en e-faktura ("Atlantis" names no country`);
  }, 60_000);

  it('makes no e-invoice for a record checkInvoice finds an error in: failed with the code, the PDF kept, the other invoices and organizations go on', async () => {
    const data = await copySamples(join(tmp, 'error-data'));
    const read = async (path: string) => JSON.parse(await readFile(path, 'utf8'));
    // Kattegat's October, served twice more: in USD with VAT and no rate, and to a Polish business at 25 %.
    const usd = await read(new URL('../../samples/vat-treatments/usd-vat-without-rate-2026-09.json', import.meta.url).pathname);
    Object.assign(usd, { id: '0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a51', org_id: 'org-kattegat', invoice_number: '2026-0151', period_start: '2026-10-01', period_end: '2026-10-31' });
    const polish = await read(join(data, 'invoices', 'kattegat-2026-10.json'));
    Object.assign(polish, { id: '0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a52', invoice_number: '2026-0152' });
    Object.assign(polish.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' });
    await writeFile(join(data, 'invoices', 'kattegat-2026-10-usd.json'), JSON.stringify(usd));
    await writeFile(join(data, 'invoices', 'kattegat-2026-10-pl.json'), JSON.stringify(polish));
    const out = join(tmp, 'error-findings');
    const tokens = await readTokens(data);
    const server = await startReferenceServer({ dataDir: data });
    try {
      const { config, env } = configFor(server.url, tokens);
      const m = await runMonthEnd(config, { outDir: out, month: '2026-10', env });
      // Nothing failed, but invoices are held back (issue 36): exit 3.
      expect(exitCodeOf(m)).toBe(3);
      const org = m.organizations.find((o) => o.org_id === 'org-kattegat')!;
      expect(org.status).toBe('ok');
      const entries = Object.fromEntries(org.invoices.map((i) => [i.invoice_number, i]));
      expect(entries['2026-0151']).toMatchObject({ held_back: true, einvoice: 'failed', einvoice_code: 'vat_not_in_dkk' });
      expect(entries['2026-0151']!.einvoice_error).toMatch(/^usd_dkk_rate: .*DKK/);
      expect(entries['2026-0152']).toMatchObject({ held_back: true, einvoice: 'failed', einvoice_code: 'danish_vat_to_eu_business' });
      expect(entries['2026-0152']!.einvoice_error).toMatch(/^buyer\.vat: .*PL5261040828/);
      for (const n of ['2026-0151', '2026-0152']) {
        expect(entries[n]!.files.map((f) => f.slice(f.lastIndexOf('.')))).toEqual(['.json', '.pdf']);
        expect(entries[n]!.findings!.some((f) => f.code === entries[n]!.einvoice_code && f.severity === 'error')).toBe(true);
      }
      // The sample invoice of the same organization still gets its e-invoice, without a code.
      expect(entries['2026-0144']).toMatchObject({ einvoice: 'written' });
      expect(entries['2026-0144']!.einvoice_code).toBeUndefined();
      // Held back, not "e-invoice not made": counted once, where a person is told what to do.
      expect(m.summary.einvoices_failed).toBe(0);
      expect(m.summary.held_back).toBe(2);
      expect(m.organizations.filter((o) => o.status === 'failed')).toEqual([]);
      const listed = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8'));
      const onDisk = listed.organizations.find((o: { org_id: string }) => o.org_id === 'org-kattegat').invoices.find((i: { invoice_number: string }) => i.invoice_number === '2026-0151');
      expect(onDisk.einvoice_code).toBe('vat_not_in_dkk');
      // summary.md says it where a person reads (Markdown-escaped: `_` may be `\_`), and so does index.html (test/runner/front-page.browser.test.ts).
      const summary = (await readFile(join(out, '2026-10', 'summary.md'), 'utf8')).replace(/\\/g, '');
      expect(summary).toMatch(/2026-0151 is not valid: .*\[vat_not_in_dkk\]\. Make its credit note: `svc invoices credit-note /);
      expect(summary).toContain('its PDF is marked NOT VALID on every page');
      expect(summary).toMatch(/2026-0152 is not valid: .*PL5261040828.*\[danish_vat_to_eu_business\]\./);
      const page = await readFile(join(out, '2026-10', 'index.html'), 'utf8');
      expect(page).toContain('href="#check-heldBack"');

      // The built CLI (its code in-process), fetching the same record from the server: exit 1 naming the code, no file, for every format.
      const kattegat = tokens.orgs.find((o) => o.org_id === 'org-kattegat')!;
      for (const format of ['pdf', 'both']) {
        const cwd = await mkdtemp(join(tmp, 'bin-'));
        const r = await svcInProcess(['invoices', 'render', usd.id, '--format', format], { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: kattegat.token, SVC_ORG_ID: 'org-kattegat' }, { cwd });
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/\[vat_not_in_dkk\]\nsvc: invoice 2026-0151: 1 error \(above: vat_not_in_dkk\); no file written\n$/);
        expect(await readdir(cwd)).toEqual([]);
      }
    } finally {
      await server.close();
    }
  }, 90_000);

  it('a reversed invoice period (issue 43): no e-invoice (the rules reject it, BR-29), the code and both dates said in the manifest and summary.md; the others go on', async () => {
    const data = await copySamples(join(tmp, 'reversed-data'));
    const path = join(data, 'invoices', 'nordlys-2026-10.json');
    const json = JSON.parse(await readFile(path, 'utf8'));
    Object.assign(json, { period_start: '2026-10-31', period_end: '2026-10-01' });
    await writeFile(path, JSON.stringify(json));
    const tokens = await readTokens(data);
    const server = await startReferenceServer({ dataDir: data });
    try {
      const { config, env } = configFor(server.url, { ...tokens, orgs: tokens.orgs.filter((o) => ['org-nordlys', 'org-kattegat'].includes(o.org_id)) });
      const cfg = join(tmp, 'reversed.json');
      await writeFile(cfg, JSON.stringify(config));
      const out = join(tmp, 'reversed');
      const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out], env, { cwd: tmp });
      // The reversed period is an error: the invoice is held back (exit 3: a person must look), the run done.
      expect(r.code, r.stderr).toBe(3);
      const manifest = JSON.parse(await readFile(join(out, '2026-10', 'manifest.json'), 'utf8'));
      expect(manifest.in_progress).toBeUndefined();
      const entry = manifest.organizations.find((o: { org_id: string }) => o.org_id === 'org-nordlys').invoices.find((i: { invoice_number: string }) => i.invoice_number === '2026-0142');
      expect(entry).toMatchObject({ einvoice: 'failed', einvoice_code: 'period_reversed' });
      expect(entry.einvoice_error).toBe('period_end: 2026-10-01 is before period_start 2026-10-31: an invoice period ends on or after the day it starts (EN 16931 BR-29) [period_reversed]');
      expect(entry.files.filter((f: string) => f.endsWith('.xml'))).toEqual([]);
      const onDisk = (await readdir(join(out, '2026-10'), { recursive: true })).map(String);
      expect(onDisk.filter((f) => f.includes('2026-0142') && f.endsWith('.xml'))).toEqual([]);
      // Kattegat's invoice is not held up by it.
      const kattegat = manifest.organizations.find((o: { org_id: string }) => o.org_id === 'org-kattegat');
      expect(kattegat.invoices.map((i: { einvoice: string }) => i.einvoice)).toEqual(['written']);
      const summary = (await readFile(join(out, '2026-10', 'summary.md'), 'utf8')).replace(/\\/g, '');
      // Held back, in the page's language (the demo's Nordlys pages are Danish): both dates and the code.
      expect(summary).toMatch(/2026-0142 er ikke gyldig: perioden slutter 2026-10-01, før den begynder 2026-10-31.*\[period_reversed\]/);
    } finally {
      await server.close();
    }
  }, 90_000);
});
