// A cost workbook for an organization whose usage the service withholds: org-fjordline's
// key-usage and monthly-usage answer 403, its invoices and plan cost are shared. Fetched over
// HTTP from the reference server, read back with SheetJS; expected figures come from the
// invoice record itself.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Invoice } from '../../src/model/index.js';
import { buildCostReport, fetchCostReportData } from '../../src/report/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { block, readBook, rowLabelled, rowsOf, xmlOf } from './_read.js';
import { reporting } from '../_harness/index.js';

let server: ReferenceServer;
let invoice: Invoice;
let en: Uint8Array;
let da: Uint8Array;
const ore = (v: unknown) => Math.round((v as number) * 100);
const sumOf = (kind: string) => invoice.lines.filter((l) => l.kind === kind).reduce((a, l) => a + l.line_total_cents, 0);

beforeAll(async () => {
  server = await startReferenceServer({});
  const c = reporting(server, 'org-fjordline');
  const october = (await c.listInvoices()).filter((i) => i.period_start.startsWith('2026-10') && i.status === 'issued');
  expect(october).toHaveLength(1);
  invoice = await c.getInvoice(october[0]!.id);
  const data = await fetchCostReportData(c, { month: '2026-10' });
  en = await buildCostReport(data, { language: 'en', organizationName: 'Fjordline Consulting Ltd' });
  da = await buildCostReport(data, { language: 'da', organizationName: 'Fjordline Consulting Ltd' });
});
afterAll(() => server.close());

describe('org-fjordline, October 2026, usage not shared', () => {
  test('the data say usage is withheld and why, and hold no usage at all', async () => {
    const data = await fetchCostReportData(reporting(server, 'org-fjordline'), { month: '2026-10' });
    expect(data.usageWithheld).toEqual({ status: 403, reason: 'usage is not shared with this organization' });
    expect([data.monthly, data.keyUsage, data.months, data.keyUsageByMonth]).toEqual([null, null, [], []]);
    expect(data.invoiceRecords!.map((r) => r.invoice_number)).toEqual([invoice.invoice_number]);
  });

  test('the sheets made from usage alone are left out, and the Summary says so', () => {
    const book = readBook(en);
    expect(book.SheetNames).toEqual(['Summary', 'Months', 'Plan cost', 'Invoices']);
    expect(rowLabelled(rowsOf(book, 'Summary'), 'Usage data')).toEqual([
      'Usage data', 'not shared', null, null,
      'Usage is not shared with this organization (the service answered 403). The sheets made from usage are left out: Days, Keys, Models, Providers, Key fields.',
    ]);
  });

  test("the Invoices sheet: the invoice's net, VAT and gross as the record states them; no DKK, since EUR has no rate", () => {
    const rows = rowsOf(readBook(en), 'Invoices');
    const col = (header: string) => rows[0]!.indexOf(header);
    const row = rows.find((r) => r[0] === invoice.invoice_number)!;
    expect(invoice.currency).toBe('EUR');
    expect(row[col('Currency')]).toBe('EUR');
    expect([ore(row[col('Net excl. VAT')]), ore(row[col('VAT')]), ore(row[col('Total incl. VAT')])]).toEqual([invoice.subtotal_cents, invoice.vat_cents, invoice.total_cents]);
    expect([ore(row[col('Subscription')]), ore(row[col('Usage')]), ore(row[col('Dev overage')])]).toEqual([sumOf('subscription'), sumOf('usage'), sumOf('dev_overage')]);
    expect([row[col('Net excl. VAT (DKK)')], row[col('VAT (DKK)')], row[col('Total incl. VAT (DKK)')]]).toEqual([null, null, null]);
    // No DKK total of amounts that have no DKK: no 0.00 standing in for them.
    expect(rowLabelled(rows, 'Total issued, in DKK')).toBeUndefined();
    const summary = rowsOf(readBook(en), 'Summary');
    expect(ore(rowLabelled(summary, 'Net, excl. VAT (EUR)')![1])).toBe(invoice.subtotal_cents);
    expect(ore(rowLabelled(summary, 'Total, incl. VAT (EUR)')![1])).toBe(invoice.total_cents);
    expect(rowLabelled(summary, 'Net, excl. VAT, in DKK')).toBeUndefined();
    expect(rowLabelled(summary, 'No DKK: the invoices in EUR have no rate of their own to DKK, and no rates file gave one for the day their VAT became chargeable (see Invoices; svc month-end --rates FILE).')).toBeDefined();
  });

  test("the plan is the October invoice's subscription lines", () => {
    const expected = invoice.lines.filter((l) => l.kind === 'subscription').map((l) => [l.description, l.quantity, l.unit_price_cents, l.line_total_cents, 'EUR']);
    expect(expected.length).toBeGreaterThan(0);
    const plan = rowsOf(readBook(en), 'Plan cost');
    const lines = plan.slice(1, plan.findIndex((r) => r[0] === 'Total'));
    expect(lines.map((r) => [r[2], r[3], ore(r[4]), ore(r[5]), r[6]])).toEqual(expected);
    expect(ore(rowLabelled(plan, 'Total')![5])).toBe(invoice.subscription_subtotal_cents);
    // EUR lines have no DKK, and their total none either (not 0.00).
    expect(lines.map((r) => r[7])).toEqual(expected.map(() => null));
    expect(rowLabelled(plan, 'Total')![7]).toBeNull();
  });

  test('the reconciliation names the reason where usage is missing; plan and dev overage agree to 0.00', () => {
    const summary = rowsOf(readBook(en), 'Summary');
    const r = block(summary, `Reconciliation with invoice ${invoice.invoice_number}, October 2026 (EUR, excl. VAT)`);
    const line = (label: string) => r.find((x) => x[0] === label)!;
    const reason = 'Usage is not shared with this organization (the service answered 403), so the usage line cannot be checked against the invoice.';
    expect(line('Usage')[1]).toBe('not shared');
    expect(ore(line('Usage')[2])).toBe(sumOf('usage'));
    expect([line('Usage')[3], line('Usage')[4]]).toEqual([null, reason]);
    expect([ore(line('Plan (subscription)')[1]), ore(line('Plan (subscription)')[2]), line('Plan (subscription)')[3]]).toEqual([invoice.subscription_subtotal_cents, invoice.subscription_subtotal_cents, 0]);
    expect([ore(line('Dev overage')[2]), line('Dev overage')[3]]).toEqual([sumOf('dev_overage'), 0]);
    expect([line('Net excl. VAT')[1], ore(line('Net excl. VAT')[2]), line('Net excl. VAT')[3]]).toEqual([null, invoice.subtotal_cents, null]);
    expect(ore(line('Total incl. VAT')[2])).toBe(invoice.total_cents);
    expect(line('Result')[4]).toBe(`${reason} The net cannot be checked without the usage line.`);
  });

  test('usage is "not shared" wherever it would stand, never a number', () => {
    const book = readBook(en);
    const summary = rowsOf(book, 'Summary');
    for (const label of ['Usage (USD)', 'Usage (DKK, excl. VAT)']) expect(rowLabelled(summary, label)!.slice(1, 2)).toEqual(['not shared']);
    expect(rowLabelled(summary, 'Total cost (DKK, excl. VAT)')!.slice(1, 2)).toEqual([null]);
    const months = rowsOf(book, 'Months');
    expect(months[0]!.slice(0, 3)).toEqual(['Month', 'USD', 'Usage (DKK)']);
    expect(months[1]!.slice(1, 3)).toEqual(['not shared', 'not shared']);
    expect(months[1]![months[0]!.indexOf('Cost excl. VAT (DKK)')]).toBeNull();
    expect(rowLabelled(months, 'Total')!.slice(1, 3)).toEqual([null, null]);
    // No chart of a cost whose usage is missing.
    expect(() => xmlOf(en, 'xl/charts/chart1.xml')).toThrow(/no xl\/charts/);
  });

  test('every page says so in its footer, in the language of the workbook', () => {
    for (const [bytes, words] of [[en, 'Usage not shared'], [da, 'Forbrug ikke delt']] as const) {
      for (let i = 1; i <= 4; i++) expect(xmlOf(bytes, `xl/worksheets/sheet${i}.xml`)).toContain(`<oddFooter>&amp;L${words}&amp;R`);
    }
  });

  test('in Danish', () => {
    const book = readBook(da);
    expect(book.SheetNames).toEqual(['Oversigt', 'Måneder', 'Abonnement', 'Fakturaer']);
    const r = block(rowsOf(book, 'Oversigt'), `Afstemning mod faktura ${invoice.invoice_number}, oktober 2026 (EUR, ekskl. moms)`);
    const usage = r.find((x) => x[0] === 'Forbrug')!;
    expect([usage[1], usage[4]]).toEqual(['ikke delt', 'Forbruget deles ikke med denne organisation (tjenesten svarede 403), så forbrugslinjen kan ikke afstemmes mod fakturaen.']);
  });
});

test('org-fjordline, the year 2026: every month listed; October reconciled; the other months say why their plan is not known', async () => {
  const book = readBook(await buildCostReport(await fetchCostReportData(reporting(server, 'org-fjordline'), { year: 2026 }), { language: 'en' }));
  const months = rowsOf(book, 'Months');
  expect(months.slice(1, 13).map((r) => r[1])).toEqual(Array(12).fill('not shared'));
  const s = rowsOf(book, 'Summary');
  expect(block(s, 'Reconciliation with invoice 2026-0143, October 2026').find((r) => r[0] === 'Usage')![1]).toBe('not shared');
  expect(block(s, 'Reconciliation with the invoice, January 2026 – September 2026')[1]![4]).toBe(
    "Plan not known: the month has no issued invoice, and without usage the current month, the only one that takes today's plan, is not known.",
  );
});

test('org-havblik: invoices and key usage answer 409, so there is nothing to book from: the service\'s answer is thrown', async () => {
  await expect(fetchCostReportData(reporting(server, 'org-havblik'), { month: '2026-10' })).rejects.toMatchObject({ status: 409, name: 'SetupNeedsAttentionError' });
});
