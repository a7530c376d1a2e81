// Through the real client and the CLI against the reference server on loopback HTTP.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { buildCostReport, fetchCostReportData, type CostReportData } from '../../src/report/index.js';
import { block, readBook, rowLabelled, rowsOf } from './_read.js';
import { PARTNER_TOKEN, orgEnv, partnerEnv, reporting, svc, tokenOf, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();
let dir: string;
const ore = (v: unknown) => Math.round((v as number) * 100);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-report-e2e-'));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Nordlys's October as fetched, and its Danish workbook, once for the tests that read them (each
// test fetched and built its own: the same requests, the same bytes).
let nordlysOctober: Promise<CostReportData> | undefined;
const nordlysOctoberData = () => (nordlysOctober ??= fetchCostReportData(reporting(server, 'org-nordlys'), { month: '2026-10' }));
let nordlysDanish: Promise<Uint8Array> | undefined;
const nordlysDanishBook = async () => readBook(await (nordlysDanish ??= nordlysOctoberData().then((data) => buildCostReport(data, { language: 'da', organizationName: 'Nordlys Analytics ApS' }))));

describe('cost workbook from the reference server', () => {
  test('org-nordlys October 2026: keys reconcile to the month DKK to the øre; the void invoice is out of the total', async () => {
    const data = await nordlysOctoberData();
    const month = data.months[0]!;
    const monthOre = Number(month.dkk_spend!.times(100).toDecimalPlaces(0).toString());
    const book = await nordlysDanishBook();
    const keys = rowsOf(book, 'Nøgler');
    const dkk = keys[0]!.indexOf('DKK');
    const rows = keys.slice(1, 1 + data.keyUsage!.keys.length);
    expect(rows.map((r) => r[0])).toEqual([...data.keyUsage!.keys.rows()].map((k) => k.id));
    expect(rows.reduce((a, r) => a + ore(r[dkk] ?? 0), 0)).toBe(monthOre);
    const summary = rowsOf(book, 'Oversigt');
    expect(summary[0]![0]).toBe('Omkostningsrapport: Nordlys Analytics ApS');
    expect(ore(rowLabelled(summary, 'Forbrug (DKK, ekskl. moms)')![1])).toBe(monthOre);
    expect(rowLabelled(summary, 'Difference, måneder minus nøgler')![1]).toBe(0);
    expect(rowLabelled(summary, 'Difference, måneder minus dage')![1]).toBe(0);
    const invoices = rowsOf(book, 'Fakturaer');
    const listed = invoices.slice(1).filter((r) => /^\d{4}-\d{4}$/.test(String(r[0])));
    expect(listed.map((r) => [r[0], r[1]])).toEqual([
      ['2026-0131', 'Annulleret'],
      ['2026-0142', 'Udstedt'],
    ]);
    const gross = invoices[0]!.indexOf('I alt inkl. moms');
    const issued = data.invoices!.filter((i) => i.invoice_number === '2026-0142' && i.status === 'issued');
    expect(issued).toHaveLength(1);
    expect(ore(rowLabelled(invoices, 'I alt udstedt, DKK')![gross])).toBe(issued[0]!.total_cents);
  });

  test("org-nordlys October 2026: the plan is the October invoice's subscription lines, none dated outside October", async () => {
    const c = reporting(server, 'org-nordlys');
    const summary = (await c.listInvoices()).find((i) => i.period_start.startsWith('2026-10') && i.status === 'issued')!;
    const invoice = await c.getInvoice(summary.id);
    const expected = invoice.lines.filter((l) => l.kind === 'subscription').map((l) => [l.description, l.quantity, l.unit_price_cents, l.line_total_cents]);
    expect(expected.length).toBeGreaterThan(0);
    // The plan and its total do not depend on the organization's name, which the shared book has.
    const book = await nordlysDanishBook();
    const plan = rowsOf(book, 'Abonnement');
    const lines = plan.slice(1, plan.findIndex((r) => r[0] === 'I alt'));
    expect(lines.map((r) => [r[2], r[3], ore(r[4]), ore(r[5])])).toEqual(expected);
    const ws = book.Sheets.Abonnement!;
    for (let r = 1; r <= lines.length; r++) {
      for (const col of [0, 8, 9]) expect(XLSX.SSF.format('yyyy-mm', ws[XLSX.utils.encode_cell({ r, c: col })]!.v as number)).toBe('2026-10');
    }
    expect(ore(rowLabelled(plan, 'I alt')![7])).toBe(invoice.subscription_subtotal_cents);
    expect(ore(rowLabelled(rowsOf(book, 'Oversigt'), 'Abonnement (DKK, ekskl. moms)')![1])).toBe(invoice.subscription_subtotal_cents);
  });

  test.each(['org-nordlys', 'org-kattegat'])('%s October 2026: the reconciliation with the October invoice shows 0.00 on every line', async (orgId) => {
    const c = reporting(server, orgId);
    const data = orgId === 'org-nordlys' ? await nordlysOctoberData() : await fetchCostReportData(c, { month: '2026-10' });
    const book = readBook(await buildCostReport(data, { language: 'en' }));
    const issued = (await c.listInvoices()).filter((i) => i.period_start.startsWith('2026-10') && i.status === 'issued');
    expect(issued).toHaveLength(1);
    const invoice = await c.getInvoice(issued[0]!.id);
    const r = block(rowsOf(book, 'Summary'), `Reconciliation with invoice ${invoice.invoice_number}, October 2026 (DKK, excl. VAT)`);
    const line = (label: string) => r.find((x) => x[0] === label)!;
    for (const label of ['Usage', 'Dev overage', 'Plan (subscription)', 'Net excl. VAT']) expect(line(label)[3], label).toBe(0);
    // The invoice's side is the record's own figures.
    expect(ore(line('Net excl. VAT')[2])).toBe(invoice.subtotal_cents);
    expect(ore(line('Plan (subscription)')[2])).toBe(invoice.subscription_subtotal_cents);
    expect(ore(line('Total incl. VAT')[2])).toBe(invoice.total_cents);
    expect(line('Result')[4]).toMatch(/^Agrees/);
  });

  test('org-kattegat, the year 2026: months without an invoice for the same reason share one line; October agrees; November is still running', async () => {
    const book = readBook(await buildCostReport(await fetchCostReportData(reporting(server, 'org-kattegat'), { year: 2026 }), { language: 'en' }));
    const s = rowsOf(book, 'Summary');
    const before = block(s, 'Reconciliation with the invoice, January 2026 – September 2026');
    expect(before[1]).toEqual(['Not reconciled', null, null, null, "Plan not known: the month has no issued invoice, and today's plan is used only for the current month."]);
    expect(block(s, 'Reconciliation with invoice 2026-0144, October 2026').find((r) => r[0] === 'Result')![4]).toMatch(/^Agrees/);
    expect(block(s, 'Reconciliation with the invoice, November 2026')[1]![4]).toBe('The month is still running; it is invoiced after it ends.');
  });

  test('org-kattegat, the trailing 3 months: the current month is at an estimated rate and marked', async () => {
    const data = await fetchCostReportData(reporting(server, 'org-kattegat'), { months: 3 });
    expect(data.keyUsageByMonth.map((m) => m.month)).toEqual(data.months.map((m) => m.month.slice(0, 7)));
    const book = readBook(await buildCostReport(data, { language: 'en' }));
    const months = rowsOf(book, 'Months');
    const estimated = data.months.findIndex((m) => m.rate_estimated);
    expect(estimated).toBeGreaterThanOrEqual(0);
    expect(months[estimated + 1]![4]).toBe('Yes');
    expect(book.Sheets.Months![XLSX.utils.encode_cell({ r: estimated + 1, c: 2 })]!.c?.[0]?.t).toMatch(/^Estimated/);
    const summary = rowsOf(book, 'Summary');
    expect(rowLabelled(summary, 'Difference, months minus keys')![1]).toBe(0);
    const monthsOre = data.months.reduce((a, m) => a + Number(m.dkk_spend!.times(100).toDecimalPlaces(0).toString()), 0);
    expect(ore(rowLabelled(summary, "Sum of the keys' DKK")![1])).toBe(monthsOre);
  });
});

test('January compares with the previous December, fetched from the year before', async () => {
  const data = await fetchCostReportData(reporting(server, 'org-nordlys'), { month: '2026-01' });
  expect(data.months.map((m) => m.month)).toEqual(['2026-01-01']);
  expect(data.monthly!.available_years).toContain(2025);
  expect(data.previousMonth?.month).toBe('2025-12-01');
});

describe('svc report cost', () => {
  test('writes the workbook given with -o and prints where, never the token', async () => {
    const out = join(dir, 'nordlys.xlsx');
    const r = await svc(['report', 'cost', '--month', '2026-10', '-o', out, '--language', 'en', '--name', 'Nordlys Analytics ApS'], { env: orgEnv(server, 'org-nordlys'), cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(out);
    expect(r.stdout + r.stderr).not.toContain(tokenOf('org-nordlys'));
    const book = readBook(readFileSync(out));
    expect(book.SheetNames).toEqual(['Summary', 'Months', 'Days', 'Keys', 'Models', 'Providers', 'Key fields', 'Plan cost', 'Invoices']);
    expect(rowLabelled(rowsOf(book, 'Summary'), 'Organization')![1]).toBe('Nordlys Analytics ApS');
  });

  test('without -o it names the file after the organization and period', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    const r = await svc(['report', 'cost', '--year', '2026'], { env: orgEnv(server, 'org-kattegat'), cwd: cwd });
    expect(r.code).toBe(0);
    expect(readdirSync(cwd)).toEqual(['cost-report-org-kattegat-2026.xlsx']);
  });

  test('usage not shared (org-fjordline): the workbook without usage, one clear warning line naming why, exit 0', async () => {
    const out = join(dir, 'fjordline.xlsx');
    const r = await svc(['report', 'cost', '--month', '2026-10', '-o', out], { env: orgEnv(server, 'org-fjordline'), cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual(['svc: warning: usage is not shared with this organization (403): the workbook has the invoices and the plan, without usage']);
    expect(r.stdout).toBe(`Wrote ${out} (no usage, 1 month, ${readFileSync(out).length} bytes)\n`);
    expect(readBook(readFileSync(out)).SheetNames).toEqual(['Oversigt', 'Måneder', 'Abonnement', 'Fakturaer']);
    expect(readdirSync(dir).filter((f) => f.startsWith('.svc-tmp'))).toEqual([]);
  });

  test('usage not shared, the trailing months (org-fjordline): refused naming --months, since only usage tells the current month; no file', async () => {
    const out = join(dir, 'fjordline-months.xlsx');
    const r = await svc(['report', 'cost', '--months', '3', '-o', out], { env: orgEnv(server, 'org-fjordline'), cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/usage is not shared with this organization \(the service answered 403\).*trailing months.*give a month or a year/);
    expect(existsSync(out)).toBe(false);
  });

  test('setup needs attention (org-havblik: invoices and key usage 409): nothing to book from, one clear line, exit 1, no file', async () => {
    const out = join(dir, 'havblik.xlsx');
    const r = await svc(['report', 'cost', '--month', '2026-10', '-o', out], { env: orgEnv(server, 'org-havblik'), cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/setup needs attention/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('.svc-tmp'))).toEqual([]);
  });

  test('-o naming a folder is refused before anything is fetched or written', async () => {
    const r = await svc(['report', 'cost', '--month', '2026-10', '-o', dir], { env: orgEnv(server, 'org-nordlys'), cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a folder; give a file name/);
  });

  test.each([
    [['--month', '2026-13'], /--month: month must be YYYY-MM/],
    [[], /give the period/],
    [['--month', '2026-10', '--year', '2026'], /give only one of --month, --year/],
    [['--months', '61'], /--months: months must be at most 60 \(got 61\)/],
    [['--months', '0'], /--months: months must be a whole number from 1 to 60/],
    [['--month', '2026-10', '--language', 'fr'], /--language must be one of da, en/],
  ])('bad flags %j: exit 2 naming the flag', async (flags, message) => {
    const r = await svc(['report', 'cost', ...flags], { env: orgEnv(server, 'org-nordlys'), cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('svc partner status', () => {
  test('prints a readable table of customers and keys', async () => {
    const r = await svc(['partner', 'status'], { env: partnerEnv(server), cwd: dir, columns: 80 });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Bifrost Partners ApS \(org-bifrost\): 4 keys, 1 missing recommended models/);
    expect(r.stdout).toContain('Nordlys Analytics ApS (org-nordlys)');
    expect(r.stdout).toContain('  Bifrost chat: add claude-sonnet-4, mistral-large');
    expect(r.stdout).toContain('  Bifrost chat: recommended but not allowed here: mistral-large');
    expect(r.stdout).not.toContain(PARTNER_TOKEN);
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  test('--json prints the record', async () => {
    const r = await svc(['partner', 'status', '--json'], { env: partnerEnv(server), cwd: dir });
    expect(JSON.parse(r.stdout).org_id).toBe('org-bifrost');
  });

  test('-o writes the partner workbook with the keys that are not up to date highlighted', async () => {
    const out = join(dir, 'partner.xlsx');
    const r = await svc(['partner', 'status', '-o', out, '--language', 'en'], { env: partnerEnv(server), cwd: dir });
    expect(r.code).toBe(0);
    const book = readBook(readFileSync(out));
    expect(book.SheetNames).toEqual(['Customers', 'Keys', 'Profiles']);
    const keys = rowsOf(book, 'Keys');
    const upToDate = keys[0]!.indexOf('Up to date');
    const ws = book.Sheets.Keys!;
    const fill = (r: number) => (ws[XLSX.utils.encode_cell({ r, c: 1 })]?.s as { fgColor?: { rgb?: string } } | undefined)?.fgColor?.rgb;
    const data = keys.slice(1).map((row, i) => ({ row, i: i + 1 })).filter(({ row }) => row[upToDate] === 'Yes' || row[upToDate] === 'No');
    expect(data.length).toBe(4);
    expect(data.filter(({ row }) => row[upToDate] === 'No').map(({ row }) => row[1])).toEqual(['Bifrost chat']);
    for (const { row, i } of data) expect(fill(i) === 'FCE4D6', String(row[1])).toBe(row[upToDate] === 'No');
    const customers = rowsOf(book, 'Customers');
    expect(rowLabelled(customers, 'Nordlys Analytics ApS')![3]).toBe(1);
  });
});
