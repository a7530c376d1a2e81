// Workbooks as an accountant prints them: every sheet one page wide, its header row on every page,
// every text whole; Nordlys's month on at most 12 pages. LibreOffice prints, pdftotext reads back;
// the fixture's October and Fjordline's month are also read back with pdfjs (header, footer and
// reconciliation). Every workbook is printed in one LibreOffice run: a start costs a second of CPU.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { PartnerClient } from '../../src/client/index.js';
import { InvoiceSchema, OrgKeyUsageSchema, parseRecord } from '../../src/model/index.js';
import { buildCostReport, buildPartnerReport, fetchCostReportData, type CostReportData } from '../../src/report/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { hasSoffice, runs } from '../_tools.js';
import { pdfPageTexts } from '../_pdf-text.js';
import { fixtureData, held, invoiceRecordsJson, keyUsageJson } from './_fixtures.js';
import { headerRow, pageCount, printedPages, printToPdf, bookAt, squeeze, stringCells, writeBook, type PrintedPage } from './_print.js';
import { PARTNER_TOKEN, reporting } from '../_harness/index.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-print-'));
const files: Record<string, string> = {};
let pdfDir = '';
let server: ReferenceServer;

// 300 characters in words, and 300 in one word (which can only break inside itself).
const LONG_WORDS = Array.from({ length: 30 }, (_, i) => `navn${String(i).padStart(2, '0')}xyz`).join(' ').slice(0, 300);
const LONG_WORD = 'Ø'.repeat(150) + 'x'.repeat(150);
const HEBREW = 'מפתח שירות לצוות התמיכה';
const ARABIC = 'مفتاح خدمة فريق الدعم';
const RTL = /[\u0590-\u08FF]/;

/** October of the fixture with its key usage edited as the service might send it. */
function octoberWith(edit: (json: ReturnType<typeof keyUsageJson>) => void): CostReportData {
  const json = keyUsageJson('2026-10', ['41.152263', '41.152263', '41.152263']);
  edit(json);
  const keyUsage = held(parseRecord(OrgKeyUsageSchema, json, 'key usage'));
  const data = fixtureData({ month: '2026-10' });
  return { ...data, keyUsage, keyUsageByMonth: [{ month: '2026-10', keyUsage }] };
}

/**
 * October of the fixture invoiced in billions (every amount of its invoices × 200,000: the plan
 * 1,079,600,000.00 DKK), and one more October invoice in USD with no USD/DKK rate.
 */
function billionData(): CostReportData {
  const data = fixtureData({ month: '2026-10' });
  const scaled = invoiceRecordsJson.map((j) => {
    const c = structuredClone(j) as Record<string, any>;
    for (const k of ['subscription_subtotal_cents', 'usage_subtotal_cents', 'subtotal_cents', 'vat_cents', 'total_cents']) c[k] *= 200_000;
    for (const l of c.lines) [l.unit_price_cents, l.line_total_cents] = [l.unit_price_cents * 200_000, l.line_total_cents * 200_000];
    return c;
  });
  const usd = { ...structuredClone(invoiceRecordsJson[2]!), id: '44444444-4444-4444-8444-444444444444', invoice_number: '2026-0102', currency: 'USD', usd_dkk_rate: null };
  const records = [...scaled, usd].map((i) => parseRecord(InvoiceSchema, i, 'invoice'));
  const invoices = records.map(({ id, invoice_number, status, period_start, issued_at, due_at, currency, total_cents }) => ({ id, invoice_number, status, period_start, issued_at, due_at, currency, total_cents }));
  return { ...data, invoiceRecords: records, invoices };
}

beforeAll(async () => {
  if (!runs(hasSoffice)) return;
  server = await startReferenceServer({});
  const nordlys = await fetchCostReportData(reporting(server, 'org-nordlys'), { month: '2026-10' });
  files.nordlys = writeBook(dir, 'nordlys', await buildCostReport(nordlys, { language: 'da', organizationName: 'Nordlys Analytics ApS' }));
  files.kattegat = writeBook(dir, 'kattegat', await buildCostReport(await fetchCostReportData(reporting(server, 'org-kattegat'), { month: '2026-10' }), { language: 'en' }));
  files.fjordline = writeBook(dir, 'fjordline', await buildCostReport(await fetchCostReportData(reporting(server, 'org-fjordline'), { month: '2026-10' }), { language: 'da' }));
  // The fixture's October (read back with pdfjs below).
  files.october = writeBook(dir, 'fixture-october', await buildCostReport(fixtureData({ month: '2026-10' }), { language: 'en', organizationName: 'Test ApS' }));
  files.partner = writeBook(dir, 'partner', await buildPartnerReport(await new PartnerClient({ baseUrl: server.url, token: PARTNER_TOKEN, env: {} }).getPartnerStatus(), { language: 'da' }));
  files.noKeys = writeBook(dir, 'no-keys', await buildCostReport(octoberWith((j) => void (j.keys = [])), { language: 'en', organizationName: 'Test ApS' }));
  const long = octoberWith((j) => {
    j.key_fields[2]!.display_name = LONG_WORDS;
    j.keys[0]!.name = LONG_WORDS;
    j.keys[1]!.name = LONG_WORD;
    j.keys[0]!.fields.cc = LONG_WORDS;
    j.keys[1]!.fields.cc = LONG_WORD;
  });
  files.long = writeBook(dir, 'long-names', await buildCostReport(long, { language: 'da', organizationName: LONG_WORDS }));
  const rtl = octoberWith((j) => {
    j.keys[0]!.name = HEBREW;
    j.keys[1]!.name = ARABIC;
    j.keys[0]!.fields.cc = `${HEBREW} ${ARABIC}`;
  });
  files.rtl = writeBook(dir, 'rtl-names', await buildCostReport(rtl, { language: 'en', organizationName: HEBREW }));
  files.billion = writeBook(dir, 'billion', await buildCostReport(billionData(), { language: 'da', organizationName: 'Test ApS' }));
  pdfDir = printToPdf(dir, Object.values(files));
}, 300_000);
afterAll(() => server?.close());

const pdfOf = (name: string) => join(pdfDir, `${files[name]!.split('/').at(-1)!.replace(/\.xlsx$/, '')}.pdf`);
const sheetsOf = (name: string) => bookAt(files[name]!).SheetNames;

/**
 * What holds for every workbook: each page belongs to a sheet; each sheet with a header row
 * has all of its column headers on each of its pages (one page wide, header row repeated);
 * every string cell appears whole on its sheet's pages.
 */
function expectPrintedWhole(name: string, withHeader: (sheet: string) => boolean): PrintedPage[] {
  const sheets = sheetsOf(name);
  const pages = printedPages(pdfOf(name), sheets);
  pages.forEach((p, i) => {
    expect(p.sheet, `${name} page ${i + 1}: ${p.text.slice(0, 120)}`).toBeDefined();
    // No page with only its header and footer (LibreOffice once added one after a sheet fitted to the width).
    expect(p.body, `${name} page ${i + 1} is blank`).not.toBe('');
  });
  expect(new Set(pages.map((p) => p.sheet))).toEqual(new Set(sheets));
  const cells = stringCells(files[name]!);
  for (const sheet of sheets) {
    const own = pages.filter((p) => p.sheet === sheet);
    if (withHeader(sheet)) {
      const headers = headerRow(files[name]!, sheet);
      expect(headers.length, `${name} ${sheet}`).toBeGreaterThan(0);
      own.forEach((p, i) => {
        const page = squeeze(p.text);
        for (const h of headers) expect(page, `${name} ${sheet} page ${i + 1} lacks column "${h.slice(0, 40)}"`).toContain(squeeze(h));
      });
    }
    const text = squeeze(own.map((p) => p.text).join(''));
    for (const c of cells.get(sheet)!) {
      // pdftotext gives right-to-left text in visual order (its words reversed): each word must be there whole.
      const parts = RTL.test(c.text) ? c.text.split(/\s+/).filter(Boolean) : [c.text];
      for (const part of parts) expect(text, `${name} ${sheet}!${c.ref} cut: "${c.text.slice(0, 60)}"`).toContain(squeeze(part));
    }
  }
  return pages;
}

describe.runIf(runs(hasSoffice))('printed workbooks', () => {
  test("Nordlys's month prints on at most 12 pages, every sheet one page wide with its header on every page, every text whole", () => {
    const pages = expectPrintedWhole('nordlys', (s) => s !== 'Oversigt');
    expect(pages.length).toBeLessThanOrEqual(12);
    expect(pageCount(pdfOf('nordlys'))).toBe(pages.length);
    // Fifteen A4 pages before: the wide sheets split in two or three across.
    for (const sheet of ['Måneder', 'Dage', 'Nøgler', 'Fakturaer']) expect(pages.filter((p) => p.sheet === sheet), sheet).toHaveLength(1);
  });

  test("the Invoices sheet's total row has every amount, the DKK columns included", () => {
    const ws = bookAt(files.nordlys!).Sheets.Fakturaer!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1 });
    const total = rows.find((r) => String(r[0]).startsWith('I alt udstedt'))!;
    // Invoice 2026-0142 (the void 2026-0131 is not counted): net 25,392.22, VAT 6,348.06, total 31,740.28 DKK.
    expect(total.slice(6, 10)).toEqual([16394, 8458.22, 540, 25392.22]);
    expect(total.slice(11)).toEqual([6348.06, 31740.28, 25392.22, 6348.06, 31740.28]);
  });

  test.each(['kattegat', 'fjordline'])('%s prints one page wide with every text whole', (name) => {
    expectPrintedWhole(name, (s) => s !== 'Oversigt' && s !== 'Summary');
  });

  test('the partner workbook prints one page wide with every text whole', () => {
    expectPrintedWhole('partner', () => true);
  });

  test('bad input prints: no keys, names of 300 characters (in words and in one word), right-to-left names', () => {
    for (const name of ['noKeys', 'long', 'rtl']) expectPrintedWhole(name, (s) => s !== 'Summary' && s !== 'Oversigt');
    // The long names are on the Keys sheet, whole, and its page is still one page wide.
    const keys = printedPages(pdfOf('long'), sheetsOf('long')).filter((p) => p.sheet === 'Nøgler');
    expect(squeeze(keys.map((p) => p.text).join(''))).toContain(squeeze(LONG_WORD));
  });

  // Issue 36: every amount fits its printed column; a note names the currency actually left out.
  test('amounts of a billion print whole (never ###), one page wide; the DKK note names USD, the currency left out', () => {
    const pages = expectPrintedWhole('billion', (s) => s !== 'Oversigt');
    const text = pages.map((p) => p.text).join('');
    expect(text).not.toContain('###');
    // The plan as invoiced, 5,000.00 + 2 × 199.00 = 5,398.00 DKK × 200,000 (LibreOffice prints in its own number format).
    expect(squeeze(text)).toMatch(/1[.,]079[.,]600[.,]000[.,]00/);
    const summary = XLSX.utils.sheet_to_json<unknown[]>(bookAt(files.billion!).Sheets['Oversigt']!, { header: 1 }).flat().filter((v): v is string => typeof v === 'string');
    expect(summary).toContain('Fakturaer i en valuta uden DKK-kurs (USD) er ikke med.');
    expect(summary.join(' ')).not.toContain('(EUR)');
  });
});

// The same prints read by a second reader, pdfjs: its text items in content order.
describe.runIf(runs(hasSoffice))('printed workbooks read by pdfjs', () => {
  test('prints every sheet with its header and footer, the Keys sheet on one page, the reconciliation on one page, the chart drawn', async () => {
    const pages = await pdfPageTexts(readFileSync(pdfOf('october')));
    const n = pages.length;
    const sheetOf = (text: string) => ['Summary', 'Months', 'Days', 'Keys', 'Models', 'Providers', 'Key fields', 'Plan cost', 'Invoices'].find((s) => text.includes(`Test ApS ${s} October 2026`));
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${n}`);
      expect(sheetOf(text), `page ${i + 1}: ${text.slice(0, 80)}`).toBeDefined();
    });
    expect(new Set(pages.map(sheetOf)).size).toBe(9);
    // The wide Keys sheet fitted to one page wide: smaller type, every column on the page.
    const keys = pages.filter((text) => sheetOf(text) === 'Keys');
    expect(keys).toHaveLength(1);
    // The cost totals and the whole reconciliation with the invoice on the first page.
    const first = pages[0]!;
    for (const text of ['Total cost (DKK, excl. VAT)', 'Reconciliation with invoice 2026-0101', 'Net excl. VAT', 'Total incl. VAT', 'Agrees']) expect(first).toContain(text);
    const months = pages.filter((text) => sheetOf(text) === 'Months').join(' ');
    expect(months).toContain('Cost per month (DKK, excl. VAT)');
    expect(months).toMatch(/Usage \(DKK\)\s+Dev overage \(DKK\)\s+Plan \(DKK\)/);
    expect(pages.filter((text) => sheetOf(text) === 'Key fields').join(' ')).toContain('Usage cost per Team (DKK, excl. VAT)');
  }, 300_000);

  test('prints the workbook without usage (org-fjordline): four sheets, every page saying usage is not shared, the reconciliation on one page naming why', async () => {
    const pages = await pdfPageTexts(readFileSync(pdfOf('fjordline')));
    const sheetOf = (text: string) => ['Oversigt', 'Måneder', 'Abonnement', 'Fakturaer'].find((s) => text.includes(`org-fjordline ${s} oktober 2026`));
    pages.forEach((text, i) => {
      expect(text, `page ${i + 1}`).toContain('Forbrug ikke delt');
      expect(text, `page ${i + 1}`).toContain(`Side ${i + 1} af ${pages.length}`);
      expect(sheetOf(text), `page ${i + 1}: ${text.slice(0, 80)}`).toBeDefined();
    });
    expect(new Set(pages.map(sheetOf)).size).toBe(4);
    const recon = pages.filter((t) => t.includes('Afstemning mod faktura 2026-0143'));
    expect(recon).toHaveLength(1);
    for (const text of ['ikke delt', 'Forbruget deles ikke med denne organisation (tjenesten svarede 403)', 'Resultat']) expect(recon[0]).toContain(text);
    // The invoice's net beside the usage that cannot be checked (LibreOffice prints in its own number format).
    expect(recon[0]).toMatch(/Forbrug ikke delt 746[.,]12 .*Netto ekskl\. moms 2[.,]096[.,]12/);
  }, 300_000);
});
