// The workbooks in a spreadsheet engine not written here: LibreOffice recalculates every formula
// (the stored results must agree). Its prints of the October and Fjordline workbooks, read back
// with pdfjs, are tested in print.test.ts, whose one LibreOffice run prints them with the rest.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCostReport, buildPartnerReport, fetchCostReportData } from '../../src/report/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { hasSoffice, runs } from '../_tools.js';
import { fixtureData, held, keyUsageJson } from './_fixtures.js';
import { OrgKeyUsageSchema, parseRecord } from '../../src/model/index.js';
import { PartnerClient } from '../../src/client/index.js';
import { PARTNER_TOKEN, reporting } from '../_harness/index.js';
import { expectRecalculatedAsStored } from './_recalc.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-lo-'));

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
    const formulas = expectRecalculatedAsStored(files);
    // Totals, SUMIFS over the Plan and Invoices sheets, the reconciliation's cross-sheet references.
    expect(formulas).toBeGreaterThan(300);
  }, 300_000);
});
