import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import { exitCodeOf } from '../../src/cli/month-end/month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { pdfPageTexts } from '../_pdf-text.js';
import { parseXml, text } from '../einvoice/_ubl.js';
import { configFor, copySamples, readTokens, svcInProcess, type SampleTokens } from '../_harness/index.js';
import { block, readBook, rowLabelled, rowsOf } from '../report/_read.js';
import { expectRecalculatedAsStored } from '../report/_recalc.js';
import { hasSoffice, runs } from '../_tools.js';

// Issue 36: no run writes a document the invoice check calls wrong as if it were valid, and every
// void or held-back invoice has its way out. A copy of the samples where Kattegat's October also
// has an invoice in USD charging VAT with no USD/DKK rate (2026-0151) and one charging 25 % Danish
// VAT to a Polish business (2026-0152), served over real HTTP by the reference server; the month
// end through the built `svc` and through the library. Expected figures come from the records.

interface Record_ { id: string; invoice_number: string; status: string; currency: string; period_start: string; issued_at: string; subtotal_cents: number; vat_cents: number; total_cents: number; org_id: string }

const WRONG = ['2026-0151', '2026-0152'];
let tmp: string;
let data: string;
let server: ReferenceServer;
let tokens: SampleTokens;
let october: Record_[];

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-held-back-'));
  data = await copySamples(join(tmp, 'data'));
  const read = async (path: string) => JSON.parse(await readFile(path, 'utf8'));
  const usd = await read(join(data, 'vat-treatments', 'usd-vat-without-rate-2026-09.json'));
  Object.assign(usd, { id: '0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a51', org_id: 'org-kattegat', invoice_number: '2026-0151', period_start: '2026-10-01', period_end: '2026-10-31' });
  const polish = await read(join(data, 'invoices', 'kattegat-2026-10.json'));
  Object.assign(polish, { id: '0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a52', invoice_number: '2026-0152' });
  Object.assign(polish.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' });
  // A void invoice of September too, for a second month's credit note.
  const september = await read(join(data, 'invoices', 'nordlys-2026-09.json'));
  Object.assign(september, { id: '0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a53', invoice_number: '2026-0099', status: 'void' });
  await writeFile(join(data, 'invoices', 'kattegat-2026-10-usd.json'), JSON.stringify(usd));
  await writeFile(join(data, 'invoices', 'kattegat-2026-10-pl.json'), JSON.stringify(polish));
  await writeFile(join(data, 'invoices', 'nordlys-2026-09-void.json'), JSON.stringify(september));
  const names = (await readdir(join(data, 'invoices'))).filter((n) => n.endsWith('.json'));
  const all = await Promise.all(names.map((n) => read(join(data, 'invoices', n)) as Promise<Record_>));
  october = all.filter((i) => i.period_start.startsWith('2026-10'));
  tokens = await readTokens(data);
  server = await startReferenceServer({ dataDir: data });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** Money as Danish writes it (`69.565,70 DKK`), by Intl, not by the code under test. */
const dkk = (minor: number, currency = 'DKK') => `${new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} ${currency}`;

const entryOf = (m: Manifest, number: string) => m.organizations.flatMap((o) => o.invoices).find((i) => i.invoice_number === number)!;

describe('svc month-end with invoices the invoice check calls wrong', () => {
  let out: string;
  let monthDir: string;
  let m: Manifest;
  let stdout: string;
  let code: number | null;
  beforeAll(async () => {
    out = join(tmp, 'cli');
    const { config, env } = configFor(server.url, tokens);
    const configPath = join(tmp, 'runs.json');
    await writeFile(configPath, JSON.stringify(config));
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', configPath, '--out', out, '--language', 'da', '--credit-note-date', '2026-11-20'], env, { cwd: tmp });
    ({ stdout, code } = r);
    monthDir = join(out, '2026-10');
    m = JSON.parse(await readFile(join(monthDir, 'manifest.json'), 'utf8')) as Manifest;
  }, 120_000);

  it('exits 3 (nothing failed, invoices held back) and says so', () => {
    expect(code).toBe(3);
    expect(stdout).toContain('2 invoices are held back: checkInvoice finds an error');
    expect(stdout).toContain('3 void or held-back invoices need their credit note');
    expect(m.summary).toMatchObject({ failed: 0, held_back: 2, einvoices_failed: 0, credit_notes_made: 0, credit_notes_to_make: 3 });
    expect(m.organizations.find((o) => o.org_id === 'org-kattegat')!.status).toBe('ok');
  });

  it('marks every page of a held-back PDF IKKE GYLDIG, with the errors in Danish, and asks for no payment; a good one is untouched', async () => {
    for (const number of WRONG) {
      const entry = entryOf(m, number);
      expect(entry.held_back).toBe(true);
      expect(entry.files.map((f) => f.slice(f.lastIndexOf('.')))).toEqual(['.json', '.pdf']);
      const pages = await pdfPageTexts(await readFile(join(monthDir, entry.files[1]!)));
      // Kattegat's invoice runs to several pages: the mark is on each.
      if (number === '2026-0152') expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) expect(page).toContain('IKKE GYLDIG');
      const all = pages.join('\n');
      expect(all).not.toMatch(/Betales senest|Betalingsreference|I alt at betale|Forfaldsdato|Bank:/);
      expect(all).toContain(`[${entry.findings!.find((f) => f.severity === 'error')!.code}]`);
    }
    const polish = (await pdfPageTexts(await readFile(join(monthDir, entryOf(m, '2026-0152').files[1]!)))).join(' ').replace(/\s+/g, ' ');
    expect(polish).toContain('Fejl: der er opkrævet dansk moms hos en virksomhed med momsnummeret "PL5261040828" fra PL');
    const good = (await pdfPageTexts(await readFile(join(monthDir, entryOf(m, '2026-0144').files[1]!)))).join('\n');
    expect(good).not.toContain('IKKE GYLDIG');
    expect(good).toContain('I alt at betale');
  });

  it('counts them in no total: summary.md, the manifest figures and the DKK total are the other issued invoices', async () => {
    const counted = october.filter((i) => i.status === 'issued' && !WRONG.includes(i.invoice_number));
    const dkkInvoices = counted.filter((i) => i.currency === 'DKK');
    const sum = (k: 'subtotal_cents' | 'vat_cents' | 'total_cents') => dkkInvoices.reduce((n, i) => n + i[k], 0);
    expect(m.figures!.totals.find((t) => t.currency === 'DKK')).toEqual({ currency: 'DKK', invoices: dkkInvoices.length, net_cents: sum('subtotal_cents'), vat_cents: sum('vat_cents'), total_cents: sum('total_cents') });
    expect(m.figures!.totals.map((t) => t.currency)).toEqual(['DKK', 'EUR']);
    expect(m.figures!.in_dkk.total_cents).toBe(sum('total_cents'));
    const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
    expect(summary).toContain(`| DKK | ${dkkInvoices.length} | ${dkk(sum('subtotal_cents'))} | ${dkk(sum('vat_cents'))} | ${dkk(sum('total_cents'))} |`);
    // Kattegat's own row: its one good invoice only, counted as one beside its amounts (the two held back are in no count or total).
    const kattegat = counted.filter((i) => i.org_id === 'org-kattegat');
    expect(kattegat).toHaveLength(1);
    expect(summary).toMatch(new RegExp(`\\| 1 \\| ${dkk(kattegat[0]!.subtotal_cents).replace(/\./g, '\\.')} \\| ${dkk(kattegat[0]!.total_cents).replace(/\./g, '\\.')} \\|`));
    expect(m.figures!.organizations.find((o) => o.org_id === 'org-kattegat')).toMatchObject({ invoices: 3, counted: 1, held_back: 2 });
    expect(summary).toMatch(/\| 2026-0152 \| Holdt tilbage: ikke gyldig \| oktober 2026 \| – \|/);
  });

  it('the cost workbook and the cost in DKK count them no more than the totals do (one set of figures)', async () => {
    // Kattegat: 2026-0144 is its one counted invoice; 2026-0151 (USD) and 2026-0152 (DKK) are held back.
    const good = october.find((i) => i.invoice_number === '2026-0144')!;
    const record = JSON.parse(await readFile(join(data, 'invoices', 'kattegat-2026-10.json'), 'utf8')) as { lines: { kind: string; line_total_cents: number }[] };
    const plan = record.lines.filter((l) => l.kind === 'subscription').reduce((n, l) => n + l.line_total_cents, 0);
    const kattegat = m.organizations.find((o) => o.org_id === 'org-kattegat')!;
    // Its plan is the good invoice's subscription lines (the held-back copy would count it twice, and the USD one made it mixed currencies).
    expect(kattegat.cost).toMatchObject({ plan_source: 'invoice', plan_invoices: ['2026-0144'], plan_dkk_cents: plan });
    const path = join(monthDir, 'org-kattegat', 'cost-2026-10.xlsx');
    const book = readBook(await readFile(path));
    const invoices = rowsOf(book, 'Fakturaer');
    const status = (number: string) => invoices.find((r) => r[0] === number)?.[1];
    expect([status('2026-0144'), status('2026-0151'), status('2026-0152')]).toEqual(['Udstedt', 'Holdt tilbage: ikke gyldig', 'Holdt tilbage: ikke gyldig']);
    // The totals row per currency: the good invoice alone in DKK, nothing in USD (its only invoice is held back).
    const totalDkk = rowLabelled(invoices, 'I alt udstedt, DKK')!;
    expect([totalDkk[9], totalDkk[11], totalDkk[12]]).toEqual([good.subtotal_cents / 100, good.vat_cents / 100, good.total_cents / 100]);
    expect(rowLabelled(invoices, 'I alt udstedt, USD')![12]).toBe(0);
    expect(invoices.some((r) => typeof r[0] === 'string' && r[0].startsWith('Fakturaer holdt tilbage (ikke gyldige'))).toBe(true);
    // The Summary's invoiced figures are the run's own for the organization (summary.md, the manifest).
    const invoiced = block(rowsOf(book, 'Oversigt'), 'Faktureret i perioden');
    expect(rowLabelled(invoiced, 'Netto ekskl. moms (DKK)')![1]).toBe(good.subtotal_cents / 100);
    expect(rowLabelled(invoiced, 'I alt inkl. moms (DKK)')![1]).toBe(good.total_cents / 100);
    const entry = m.files.find((f) => f.path === 'org-kattegat/cost-2026-10.xlsx')!;
    expect(entry.generator).toMatch(/, held back [0-9a-f]+$/);
    if (runs(hasSoffice)) expect(expectRecalculatedAsStored({ kattegat: path })).toBeGreaterThan(0);
  });

  it('lists each under "Til kontrol" in Danish with the reason and the exact command that credits it; the command works', async () => {
    const summary = await readFile(join(monthDir, 'summary.md'), 'utf8');
    const section = summary.slice(summary.indexOf('## Til kontrol'), summary.indexOf('## I alt'));
    const plain = section.replace(/\\(?=[_[\]])/g, '');
    expect(plain).toContain('2026-0152 er ikke gyldig: der er opkrævet dansk moms hos en virksomhed med momsnummeret "PL5261040828" fra PL');
    expect(plain).toContain('(0 %) [danish_vat_to_eu_business]. Lav kreditnotaen: `svc invoices credit-note');
    // What held back means, and where the commands run, once under the lines.
    expect(plain).toContain('En faktura med fejl er ikke gyldig, som den står: dens PDF er mærket IKKE GYLDIG på hver side');
    expect(plain).toContain('Kommandoerne køres i månedsmappen; NUMBER er det næste nummer i jeres kreditnotaserie.');
    expect(plain).toContain('2026-0151 er ikke gyldig: der er lagt moms på i USD uden en USD/DKK-kurs');
    expect(plain).toContain('2026-0131 er annulleret.');
    // No English sentence of the check reaches the Danish page.
    expect(summary).not.toMatch(/VAT is charged|is not valid|credit note/);
    const commands = [...section.matchAll(/`(svc invoices credit-note [^`]+)`/g)].map((c) => c[1]!);
    expect(commands).toEqual([
      'svc invoices credit-note org-kattegat/invoice-2026-0151.json --number NUMBER --date 2026-11-20 --language da --format both',
      'svc invoices credit-note org-kattegat/invoice-2026-0152.json --number NUMBER --date 2026-11-20 --language da --format both',
      'svc invoices credit-note org-nordlys/invoice-2026-0131.json --number NUMBER --date 2026-11-20 --language da --format both',
    ]);
    expect(entryOf(m, '2026-0152').credit_note).toEqual({ status: 'to_make', command: commands[1] });
    // The command as a person runs it in the month folder, with their next number.
    const r = await svcInProcess(commands[1]!.replace('NUMBER', 'KN-1').split(' ').slice(1), {}, { cwd: monthDir });
    expect(r.code).toBe(0);
    const xml = parseXml(await readFile(join(monthDir, 'credit-note-KN-1.xml'))).documentElement!;
    expect(text(xml, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('2026-0152');
    const polish = october.find((i) => i.invoice_number === '2026-0152')!;
    expect(text(xml, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe((polish.total_cents / 100).toFixed(2));
    expect(text(xml, 'cac:TaxTotal/cbc:TaxAmount')).toBe((polish.vat_cents / 100).toFixed(2));
  });
});

describe('a run with a credit-note series makes the credit notes', () => {
  const series = { prefix: 'KN-2026-', next: 7, digits: 4 };
  const run = async (out: string, month: string) => {
    const { config, env } = configFor(server.url, tokens);
    return runMonthEnd({ ...config, credit_notes: series }, { outDir: out, month, env, language: 'da', creditNoteDate: '2026-11-20' });
  };

  it('numbers them from the series in order, keeps each number on a rerun and after a killed run, and goes on past it next month', async () => {
    const out = join(tmp, 'series');
    const m = await run(out, '2026-10');
    expect(exitCodeOf(m)).toBe(3);
    const numbers = Object.fromEntries(m.organizations.flatMap((o) => o.invoices).filter((i) => i.credit_note).map((i) => [i.invoice_number, i.credit_note!.number]));
    // The config's organizations in order (Nordlys before Kattegat), each one's invoices by issue time.
    expect(numbers).toEqual({ '2026-0131': 'KN-2026-0007', '2026-0151': 'KN-2026-0008', '2026-0152': 'KN-2026-0009' });
    expect(m.summary).toMatchObject({ credit_notes_made: 3, credit_notes_to_make: 0 });
    const polish = entryOf(m, '2026-0152');
    expect(polish.credit_note).toEqual({ status: 'made', number: 'KN-2026-0009', issue_date: '2026-11-20', einvoice: 'written' });
    expect(polish.files).toEqual(['org-kattegat/invoice-2026-0152.json', 'org-kattegat/invoice-2026-0152.pdf', 'org-kattegat/credit-note-KN-2026-0009.pdf', 'org-kattegat/credit-note-KN-2026-0009.xml']);
    const monthDir = join(out, '2026-10');
    const words = (await pdfPageTexts(await readFile(join(monthDir, 'org-kattegat/credit-note-KN-2026-0009.pdf')))).join(' ').replace(/\s+/g, ' ');
    expect(words).toContain('Kreditnota');
    expect(words).toContain('Krediterer faktura 2026-0152 af 03.11.2026');
    expect(words).toContain('Årsag: faktura 2026-0152 er ikke gyldig: der er opkrævet dansk moms hos');
    expect(words).not.toMatch(/IKKE GYLDIG|Betalingsreference|Betales senest/);
    const summary = (await readFile(join(monthDir, 'summary.md'), 'utf8')).replace(/\\(?=[_[\]])/g, '');
    expect(summary).toContain('Kreditnota KN-2026-0009 af 20.11.2026 annullerer den: org-kattegat/credit-note-KN-2026-0009.pdf.');
    expect(summary).not.toContain('svc invoices credit-note');

    // A rerun: the same numbers, the files unchanged.
    const again = await run(out, '2026-10');
    expect(again.organizations.flatMap((o) => o.invoices).filter((i) => i.credit_note).map((i) => i.credit_note!.number)).toEqual(['KN-2026-0007', 'KN-2026-0008', 'KN-2026-0009']);
    for (const f of again.files.filter((f) => f.kind === 'credit_note_pdf' || f.kind === 'credit_note_xml')) expect(f.status, f.path).toBe('unchanged');

    // A run killed outright leaves a checkpoint that lists files only: the numbers are still its.
    const checkpoint = { manifest_version: 1, month: '2026-10', in_progress: true, files: again.files };
    await writeFile(join(monthDir, 'manifest.json'), JSON.stringify(checkpoint));
    const resumed = await run(out, '2026-10');
    expect(entryOf(resumed, '2026-0152').credit_note?.number).toBe('KN-2026-0009');

    // September, run afterwards into the same folder, continues the series.
    const september = await run(out, '2026-09');
    expect(entryOf(september, '2026-0099').credit_note).toMatchObject({ status: 'made', number: 'KN-2026-0010' });
    expect(existsSync(join(out, '2026-09', 'org-nordlys', 'credit-note-KN-2026-0010.pdf'))).toBe(true);

    // The series taken out of the config: the credit notes made stay made (their numbers were issued).
    const { config, env } = configFor(server.url, tokens);
    const without = await runMonthEnd(config, { outDir: out, month: '2026-10', env, language: 'da', creditNoteDate: '2026-12-01' });
    expect(entryOf(without, '2026-0152').credit_note).toEqual({ status: 'made', number: 'KN-2026-0009', issue_date: '2026-11-20', einvoice: 'written' });
    expect(without.files.find((f) => f.path === 'org-kattegat/credit-note-KN-2026-0009.pdf')?.status).toBe('unchanged');
  }, 180_000);

  it('fails a credit note alone, naming why and the command, when its date is before the invoice', async () => {
    const out = join(tmp, 'early');
    const { config, env } = configFor(server.url, tokens);
    const m = await runMonthEnd({ ...config, credit_notes: series }, { outDir: out, month: '2026-10', env, creditNoteDate: '2026-11-02' });
    // The void invoice was issued on 1 Nov and takes the date; 2026-0152 was issued on 3 Nov.
    expect(entryOf(m, '2026-0131').credit_note).toMatchObject({ status: 'made', number: 'KN-2026-0007' });
    const failed = entryOf(m, '2026-0152').credit_note!;
    expect(failed.status).toBe('failed');
    expect(failed.reason).toMatch(/^issueDate: 2026-11-02 is before the issue date 2026-11-03/);
    expect(failed.command).toBe('svc invoices credit-note org-kattegat/invoice-2026-0152.json --number NUMBER --date 2026-11-02 --format both');
    // Made: those issued by 2 Nov, numbered on without a gap; the rest named.
    const wanting = october.filter((i) => i.status === 'void' || WRONG.includes(i.invoice_number));
    const made = wanting.filter((i) => i.issued_at.slice(0, 10) <= '2026-11-02').length;
    expect(made).toBeGreaterThan(0);
    expect(m.summary).toMatchObject({ credit_notes_made: made, credit_notes_to_make: wanting.length - made });
    expect(m.organizations.flatMap((o) => o.invoices).flatMap((i) => (i.credit_note?.number ? [i.credit_note.number] : []))).toEqual(
      Array.from({ length: made }, (_, k) => `KN-2026-${String(7 + k).padStart(4, '0')}`),
    );
  }, 120_000);

  it('never gives a number a credit-note file in the folders already has, listed in no manifest', async () => {
    // A run killed as its first credit note was written (no manifest lists it yet), and one made by
    // hand in the month folder with the command the pages give: their numbers are taken.
    const out = join(tmp, 'unlisted');
    await mkdir(join(out, '2026-10', 'org-nordlys'), { recursive: true });
    await writeFile(join(out, '2026-10', 'org-nordlys', 'credit-note-KN-2026-0011.pdf'), '%PDF-1.7 cut short by kill -9');
    await writeFile(join(out, '2026-10', 'credit-note-KN-2026-0012.xml'), '<CreditNote/>');
    const m = await run(out, '2026-10');
    const numbers = m.organizations.flatMap((o) => o.invoices).flatMap((i) => (i.credit_note?.number ? [i.credit_note.number] : []));
    expect(numbers).toEqual(['KN-2026-0013', 'KN-2026-0014', 'KN-2026-0015']);
    // The files it did not make are left as they are.
    expect(await readFile(join(out, '2026-10', 'org-nordlys', 'credit-note-KN-2026-0011.pdf'), 'utf8')).toBe('%PDF-1.7 cut short by kill -9');
  }, 120_000);
});

describe('exit codes', () => {
  it('a failure outranks a held-back invoice; an interruption outranks both', () => {
    const base = { interrupted: false, partner: null, organizations: [], summary: { failed: 0, held_back: 0 } } as unknown as Manifest;
    const with_ = (failed: number, held_back: number, interrupted = false) => ({ ...base, interrupted, summary: { ...base.summary, failed, held_back } }) as Manifest;
    expect(exitCodeOf(with_(0, 0))).toBe(0);
    expect(exitCodeOf(with_(0, 2))).toBe(3);
    expect(exitCodeOf(with_(1, 2))).toBe(1);
    expect(exitCodeOf(with_(1, 2, true))).toBe(130);
    // A credit note that could not be made is a failure too, with or without a held-back invoice.
    const creditNote = (status: 'made' | 'to_make' | 'failed', held_back: number) =>
      ({ ...with_(0, held_back), organizations: [{ invoices: [{ credit_note: { status } }] }] }) as unknown as Manifest;
    expect(exitCodeOf(creditNote('failed', 1))).toBe(1);
    expect(exitCodeOf(creditNote('failed', 0))).toBe(1);
    expect(exitCodeOf(creditNote('to_make', 0))).toBe(0);
    expect(exitCodeOf(creditNote('made', 1))).toBe(3);
  });
});
