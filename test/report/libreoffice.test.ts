// The workbooks in a spreadsheet engine not written here: LibreOffice recalculates every formula
// (the stored results must agree) and prints every sheet to PDF, read back with pdfjs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { buildCostReport, buildPartnerReport, fetchCostReportData } from '../../src/report/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { hasSoffice, runs } from '../_tools.js';
import { fixtureData, held, keyUsageJson } from './_fixtures.js';
import { OrgKeyUsageSchema, parseRecord } from '../../src/model/index.js';
import { client, PARTNER_TOKEN } from './_server.js';
import { PartnerClient } from '../../src/client/index.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-lo-'));
// A profile of its own, set to recalculate every formula when a workbook is loaded.
const profile = join(dir, 'profile');
mkdirSync(join(profile, 'user'), { recursive: true });
writeFileSync(
  join(profile, 'user', 'registrymodifications.xcu'),
  '<?xml version="1.0" encoding="UTF-8"?><oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item></oor:items>',
);

function soffice(format: string, outDir: string, files: string[]): void {
  mkdirSync(outDir, { recursive: true });
  execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', format, '--outdir', outDir, ...files], { stdio: 'ignore', timeout: 300_000 });
}

let server: ReferenceServer;
const files: Record<string, string> = {};

// The two workbooks the print tests read, printed in one LibreOffice run (a start costs seconds).
let pdfDir: string | undefined;
function printed(name: 'fixture-october' | 'org-fjordline'): string {
  if (pdfDir === undefined) {
    const out = join(dir, 'pdf');
    soffice('pdf', out, [files['fixture-october']!, files['org-fjordline']!]);
    pdfDir = out;
  }
  return join(pdfDir, `${name}.pdf`);
}

beforeAll(async () => {
  if (!runs(hasSoffice)) return;
  server = await startReferenceServer({});
  const write = (name: string, bytes: Uint8Array) => writeFileSync((files[name] = join(dir, `${name}.xlsx`)), bytes);
  write('fixture-months', await buildCostReport(fixtureData({ months: 4 }), { language: 'en', organizationName: 'Test ApS' }));
  write('fixture-october', await buildCostReport(fixtureData({ month: '2026-10' }), { language: 'en', organizationName: 'Test ApS' }));
  // No keys: the Keys, Models and Providers tables have no data rows, only their totals.
  const noKeys = held(parseRecord(OrgKeyUsageSchema, { ...keyUsageJson('2026-10', ['1', '1', '1']), keys: [] }, 'key usage'));
  write('no-keys', await buildCostReport({ ...fixtureData({ month: '2026-10' }), keyUsage: noKeys, keyUsageByMonth: [{ month: '2026-10', keyUsage: noKeys }] }, { language: 'en' }));
  for (const org of ['org-nordlys', 'org-kattegat', 'org-fjordline']) write(org, await buildCostReport(await fetchCostReportData(client(server, org), { month: '2026-10' }), { language: 'da' }));
  write('partner', await buildPartnerReport(await new PartnerClient({ baseUrl: server.url, token: PARTNER_TOKEN, env: {} }).getPartnerStatus(), { language: 'da' }));
}, 120_000);
afterAll(() => server?.close());

describe.runIf(runs(hasSoffice))('LibreOffice', () => {
  test('recalculates every formula to the value the workbook stores, with no errors', () => {
    const out = join(dir, 'recalculated');
    soffice('xlsx:Calc MS Excel 2007 XML', out, Object.values(files));
    let formulas = 0;
    for (const [name, file] of Object.entries(files)) {
      const stored = XLSX.read(readFileSync(file), { cellFormula: true });
      const computed = XLSX.read(readFileSync(join(out, `${name}.xlsx`)));
      for (const sheet of stored.SheetNames) {
        const ws = stored.Sheets[sheet]!;
        for (const [ref, c] of Object.entries(ws)) {
          if (ref.startsWith('!') || !(c as XLSX.CellObject).f) continue;
          formulas++;
          const a = (c as XLSX.CellObject).v;
          const b = computed.Sheets[sheet]![ref] as XLSX.CellObject | undefined;
          expect(b?.t, `${name} ${sheet}!${ref} =${(c as XLSX.CellObject).f}`).not.toBe('e');
          if (typeof a === 'number') expect(Math.abs(a - (b?.v as number)), `${name} ${sheet}!${ref} =${(c as XLSX.CellObject).f}: stored ${a}, computed ${b?.v}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a)));
          else expect(b?.v, `${name} ${sheet}!${ref}`).toEqual(a);
        }
      }
    }
    // Totals, SUMIFS over the Plan and Invoices sheets, the reconciliation's cross-sheet references.
    expect(formulas).toBeGreaterThan(300);
  }, 300_000);

  test('prints every sheet with its header and footer, the Keys sheet on one page, the reconciliation on one page, the chart drawn', async () => {
    const doc = await getDocument({ data: new Uint8Array(readFileSync(printed('fixture-october'))), useSystemFonts: false, isEvalSupported: false }).promise;
    const n = doc.numPages;
    const pages: Array<{ text: string; sizes: number[] }> = [];
    for (let p = 1; p <= n; p++) {
      const items = (await (await doc.getPage(p)).getTextContent()).items.filter((i) => 'str' in i && i.str.trim());
      pages.push({
        text: items.map((i) => ('str' in i ? i.str : '')).join(' '),
        sizes: items.map((i) => ('transform' in i ? Math.hypot(i.transform[2], i.transform[3]) : 0)),
      });
    }
    await doc.destroy();
    const sheetOf = (p: { text: string }) => ['Summary', 'Months', 'Days', 'Keys', 'Models', 'Providers', 'Key fields', 'Plan cost', 'Invoices'].find((s) => p.text.includes(`Test ApS ${s} October 2026`));
    pages.forEach((p, i) => {
      expect(p.text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${n}`);
      expect(sheetOf(p), `page ${i + 1}: ${p.text.slice(0, 80)}`).toBeDefined();
    });
    expect(new Set(pages.map(sheetOf)).size).toBe(9);
    // The wide Keys sheet fitted to one page wide: smaller type, every column on the page.
    const keys = pages.filter((p) => sheetOf(p) === 'Keys');
    expect(keys).toHaveLength(1);
    // The cost totals and the whole reconciliation with the invoice on the first page.
    const first = pages[0]!.text;
    for (const text of ['Total cost (DKK, excl. VAT)', 'Reconciliation with invoice 2026-0101', 'Net excl. VAT', 'Total incl. VAT', 'Agrees']) expect(first).toContain(text);
    const months = pages.filter((p) => sheetOf(p) === 'Months').map((p) => p.text).join(' ');
    expect(months).toContain('Cost per month (DKK, excl. VAT)');
    expect(months).toMatch(/Usage \(DKK\)\s+Dev overage \(DKK\)\s+Plan \(DKK\)/);
    expect(pages.filter((p) => sheetOf(p) === 'Key fields').map((p) => p.text).join(' ')).toContain('Usage cost per Team (DKK, excl. VAT)');
  }, 300_000);

  test('prints the workbook without usage (org-fjordline): four sheets, every page saying usage is not shared, the reconciliation on one page naming why', async () => {
    const doc = await getDocument({ data: new Uint8Array(readFileSync(printed('org-fjordline'))), useSystemFonts: false, isEvalSupported: false }).promise;
    const pages: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) pages.push((await (await doc.getPage(p)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).filter((t) => t.trim()).join(' '));
    await doc.destroy();
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
