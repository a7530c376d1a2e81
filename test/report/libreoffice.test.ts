// The workbooks in a spreadsheet engine not written here: LibreOffice recalculates every formula
// (the stored results must agree). Its prints of the October and Fjordline workbooks, read back
// with pdfjs, are tested in print.test.ts, whose one LibreOffice run prints them with the rest.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { buildCostReport, buildPartnerReport, fetchCostReportData } from '../../src/report/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { hasSoffice, runs } from '../_tools.js';
import { fixtureData, held, keyUsageJson } from './_fixtures.js';
import { OrgKeyUsageSchema, parseRecord } from '../../src/model/index.js';
import { PartnerClient } from '../../src/client/index.js';
import { PARTNER_TOKEN, reporting } from '../_harness/index.js';

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

/**
 * The recalculated workbooks as one CSV file a sheet (the last option, -1: every sheet), values
 * unformatted (the ninth, false: "as shown" off) in UTF-8 (76). LibreOffice's xlsx writer cost
 * about 2 s of CPU more for these seven workbooks, for a file the test only reads values from.
 */
const RECALCULATED_CSV = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1';
/** A cell LibreOffice could not compute, as its CSV writes it: Excel's error values or its own Err:NNN. */
const LO_ERROR = /^(#NULL!|#DIV\/0!|#VALUE!|#REF!|#NAME\?|#NUM!|#N\/A|Err:\d+)$/;

let server: ReferenceServer;
const files: Record<string, string> = {};

beforeAll(async () => {
  if (!runs(hasSoffice)) return;
  server = await startReferenceServer({});
  const write = (name: string, bytes: Uint8Array) => writeFileSync((files[name] = join(dir, `${name}.xlsx`)), bytes);
  write('fixture-months', await buildCostReport(fixtureData({ months: 4 }), { language: 'en', organizationName: 'Test ApS' }));
  write('fixture-october', await buildCostReport(fixtureData({ month: '2026-10' }), { language: 'en', organizationName: 'Test ApS' }));
  // No keys: the Keys, Models and Providers tables have no data rows, only their totals.
  const noKeys = held(parseRecord(OrgKeyUsageSchema, { ...keyUsageJson('2026-10', ['1', '1', '1']), keys: [] }, 'key usage'));
  write('no-keys', await buildCostReport({ ...fixtureData({ month: '2026-10' }), keyUsage: noKeys, keyUsageByMonth: [{ month: '2026-10', keyUsage: noKeys }] }, { language: 'en' }));
  for (const org of ['org-nordlys', 'org-kattegat', 'org-fjordline']) write(org, await buildCostReport(await fetchCostReportData(reporting(server, org), { month: '2026-10' }), { language: 'da' }));
  write('partner', await buildPartnerReport(await new PartnerClient({ baseUrl: server.url, token: PARTNER_TOKEN, env: {} }).getPartnerStatus(), { language: 'da' }));
}, 120_000);
afterAll(() => server?.close());

describe.runIf(runs(hasSoffice))('LibreOffice', () => {
  test('recalculates every formula to the value the workbook stores, with no errors', () => {
    const out = join(dir, 'recalculated');
    soffice(RECALCULATED_CSV, out, Object.values(files));
    let formulas = 0;
    for (const [name, file] of Object.entries(files)) {
      const stored = XLSX.read(readFileSync(file), { cellFormula: true });
      for (const sheet of stored.SheetNames) {
        // LibreOffice names each sheet's file <workbook>-<sheet>.csv; read as text, every cell a string.
        const computed = XLSX.read(readFileSync(join(out, `${name}-${sheet}.csv`), 'utf8'), { type: 'string', raw: true });
        const cs = computed.Sheets[computed.SheetNames[0]!]!;
        const ws = stored.Sheets[sheet]!;
        for (const [ref, c] of Object.entries(ws)) {
          if (ref.startsWith('!') || !(c as XLSX.CellObject).f) continue;
          formulas++;
          const a = (c as XLSX.CellObject).v;
          const b = String((cs[ref] as XLSX.CellObject | undefined)?.v ?? '');
          expect(LO_ERROR.test(b), `${name} ${sheet}!${ref} =${(c as XLSX.CellObject).f}: ${b}`).toBe(false);
          // An empty cell would read as 0 through Number(): a number must be there.
          if (typeof a === 'number') expect(b === '' ? Number.NaN : Math.abs(a - Number(b)), `${name} ${sheet}!${ref} =${(c as XLSX.CellObject).f}: stored ${a}, computed ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a)));
          else if (typeof a === 'boolean') expect(b, `${name} ${sheet}!${ref}`).toBe(a ? 'TRUE' : 'FALSE');
          else expect(b, `${name} ${sheet}!${ref}`).toEqual(a);
        }
      }
    }
    // Totals, SUMIFS over the Plan and Invoices sheets, the reconciliation's cross-sheet references.
    expect(formulas).toBeGreaterThan(300);
  }, 300_000);
});
