import { describe, expect, test, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { InvoiceSchema, OrgKeyUsageSchema, parseRecord } from '../../src/model/index.js';
import { buildCostReport, type CostReportData } from '../../src/report/index.js';
import { fixtureData, held, INJECTION_NAMES, invoiceRecordsJson, keyUsageJson } from './_fixtures.js';
import { block, readBook, rowLabelled, rowsOf, xmlOf } from './_read.js';

const EN = ['Summary', 'Months', 'Days', 'Keys', 'Models', 'Providers', 'Key fields', 'Plan cost', 'Invoices'];
const DA = ['Oversigt', 'Måneder', 'Dage', 'Nøgler', 'Modeller', 'Udbydere', 'Nøglefelter', 'Abonnement', 'Fakturaer'];
const ore = (v: unknown) => Math.round((v as number) * 100);

const october = await buildCostReport(fixtureData({ month: '2026-10' }), { language: 'en', organizationName: 'Test ApS' });
const book = readBook(october);
const keys = rowsOf(book, 'Keys');
const header = keys[0] as string[];
const col = (name: string) => header.indexOf(name);
const dataRows = keys.slice(1, keys.findIndex((r) => r[0] === 'Total'));

describe('cost workbook for one month', () => {
  test('has the nine sheets, named in the chosen language', async () => {
    expect(book.SheetNames).toEqual(EN);
    const da = readBook(await buildCostReport(fixtureData({ month: '2026-10' })));
    expect(da.SheetNames).toEqual(DA);
    expect(rowsOf(da, 'Nøgler')[0]!.slice(0, 5)).toEqual(['Nøgle-id', 'Nøglenavn', 'Nøglepræfiks', 'Produkt', 'Modtager']);
  });

  test('per-key DKK adds up to the month to the øre, and the Summary shows a zero difference', () => {
    const dkk = dataRows.map((r) => r[col('DKK')]);
    expect(dkk.slice(0, 3).map(ore)).toEqual([26301, 26300, 26300]); // 789.01 DKK over three equal keys
    expect(dkk.reduce<number>((a, v) => a + ore(v ?? 0), 0)).toBe(78901);
    const totals = keys.find((r) => r[0] === 'Total')!;
    expect(ore(totals[col('DKK')])).toBe(78901);
    const summary = rowsOf(book, 'Summary');
    expect(ore(rowLabelled(summary, "Sum of the keys' DKK")![1])).toBe(78901);
    expect(rowLabelled(summary, 'Difference, months minus keys')![1]).toBe(0);
    expect(rowLabelled(summary, 'Difference, months minus days')![1]).toBe(0);
    expect(keys.some((r) => String(r[0]).startsWith('Reconciliation: keys 789.01 DKK, months 789.01 DKK, difference 0.00 DKK'))).toBe(true);
  });

  test('per-day DKK adds up to the month', () => {
    const days = rowsOf(book, 'Days');
    const dkk = days.slice(1, 4).map((r) => ore(r[2]));
    expect(dkk).toEqual([26301, 26300, 26300]);
    expect(days[4]![0]).toBe('Total');
    expect(ore(days[4]![2])).toBe(78901);
  });

  test('the key id is the first column: the name invoice lines use', () => {
    expect(header.slice(0, 2)).toEqual(['Key id', 'Key name']);
    expect(dataRows.map((r) => r[0]).slice(0, 3)).toEqual(['k1', 'k2', 'k3']);
  });

  test('totals rows are SUM formulas carrying their values', () => {
    const ws = book.Sheets.Keys!;
    const totalRow = keys.findIndex((r) => r[0] === 'Total') + 1;
    const usd = ws[XLSX.utils.encode_cell({ r: totalRow - 1, c: col('USD') })]!;
    expect(usd.f).toBe(`SUM(I2:I${totalRow - 1})`);
    expect(usd.v).toBeCloseTo(123.456789, 9);
    const tokens = ws[XLSX.utils.encode_cell({ r: totalRow - 1, c: col('Total tokens') })]!;
    expect(tokens.f).toMatch(/^SUM\(/);
    expect(tokens.v).toBe(3100);
  });

  test('USD shows two decimals while the cell keeps the exact value; dates are dates', () => {
    const ws = book.Sheets.Keys!;
    const usd = ws[XLSX.utils.encode_cell({ r: 1, c: col('USD') })]!;
    expect(usd.t).toBe('n');
    expect(usd.v).toBe(41.152263);
    expect(usd.z).toBe('#,##0.00');
    expect(XLSX.SSF.format(usd.z as string, usd.v as number)).toBe('41.15');
    expect(ws[XLSX.utils.encode_cell({ r: 1, c: col('Total tokens') })]!.z).toBe('#,##0');
    const day = book.Sheets.Days!.A2!;
    expect(day.t).toBe('n');
    expect(XLSX.SSF.format(day.z as string, day.v as number)).toBe('1 Oct 2026');
  });

  test('headers over numbers are right-aligned like the numbers; text after a number is indented', () => {
    const styles = xmlOf(october, 'xl/styles.xml');
    const sheet = xmlOf(october, 'xl/worksheets/sheet4.xml');
    const xfs = [...styles.match(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s)![1]!.matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/gs)].map((m) => m[0]);
    const styleOf = (ref: string) => xfs[Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(sheet)![1])]!;
    const letter = (name: string) => XLSX.utils.encode_col(col(name));
    expect(styleOf(`${letter('USD')}1`)).toContain('horizontal="right"');
    expect(styleOf(`${letter('Total tokens')}1`)).toContain('horizontal="right"');
    expect(styleOf('B1')).not.toContain('horizontal="right"');
  });

  test('each table sheet is an Excel table over its header and data rows, with filter buttons', () => {
    const rels = xmlOf(october, 'xl/worksheets/_rels/sheet4.xml.rels');
    const target = /Type="[^"]*\/table" Target="\.\.\/(tables\/table\d+\.xml)"/.exec(rels)![1]!;
    const table = xmlOf(october, `xl/${target}`);
    const ref = `A1:T${dataRows.length + 1}`;
    expect(table).toContain(`ref="${ref}"`);
    expect(table).toContain(`<autoFilter ref="${ref}"/>`);
    const names = [...table.matchAll(/<tableColumn id="\d+" name="([^"]*)"\/>/g)].map((m) => m[1]);
    expect(names).toEqual(keys[0]);
    expect(xmlOf(october, '[Content_Types].xml')).toContain(`PartName="/xl/${target}"`);
  });

  test('print: every sheet has a header (organization, sheet, period) and a footer (page x of y)', () => {
    for (let i = 1; i <= 9; i++) {
      const xml = xmlOf(october, `xl/worksheets/sheet${i}.xml`);
      expect(xml, `sheet ${i}`).toContain('<oddHeader>&amp;LTest ApS&amp;C&amp;A&amp;ROctober 2026</oddHeader>');
      expect(xml, `sheet ${i}`).toContain('Page &amp;P of &amp;N</oddFooter>');
    }
  });

  test('print: every sheet one page wide; the wide Keys sheet landscape with its id and name as print titles, the narrow Days sheet upright', () => {
    const keysXml = xmlOf(october, 'xl/worksheets/sheet4.xml');
    expect(keysXml).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    expect(keysXml).toContain('<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>');
    expect(book.Workbook?.Names?.find((n) => n.Name === '_xlnm.Print_Titles' && n.Ref === "'Keys'!$A:$B,'Keys'!$1:$1")).toBeDefined();
    const daysXml = xmlOf(october, 'xl/worksheets/sheet3.xml');
    expect(daysXml).toContain('<pageSetup paperSize="9" orientation="portrait" fitToWidth="1" fitToHeight="0"/>');
    for (let i = 1; i <= 9; i++) expect(xmlOf(october, `xl/worksheets/sheet${i}.xml`), `sheet ${i}`).toContain('<pageSetUpPr fitToPage="1"/>');
  });

  test('API text stays text: formula-like key names and field values are strings, never formulas; line breaks from the API are one space, CR in a cell comes back as CR', async () => {
    const ws = book.Sheets.Keys!;
    for (const name of INJECTION_NAMES) {
      const r = dataRows.findIndex((row) => row[1] === name);
      expect(r, name).toBeGreaterThanOrEqual(0);
      const c = ws[XLSX.utils.encode_cell({ r: r + 1, c: 1 })]!;
      expect(c.t).toBe('s');
      expect(c.v).toBe(name);
      expect(c.f).toBeUndefined();
    }
    const cc = ws[XLSX.utils.encode_cell({ r: 1, c: col('Cost centre') })]!;
    expect([cc.t, cc.v, cc.f]).toEqual(['s', '=SUM(A1:A9)', undefined]);
    expect(dataRows[0]!.slice(0, 7)).toEqual(['k1', 'Support bot', 'sk-k1', 'Connect', 'anna@example.dk', 'Operations', 'Yes']);
    // Line breaks in API text are one space where the record enters (core/invisible-text.ts), as on every surface.
    const data = fixtureData({ month: '2026-10' });
    const json = keyUsageJson('2026-10', ['41.152263', '41.152263', '41.152263']);
    json.keys[0]!.name = 'line one\r\nline two\rend';
    const ku = held(parseRecord(OrgKeyUsageSchema, json, 'key usage'));
    const b = readBook(await buildCostReport({ ...data, keyUsage: ku, keyUsageByMonth: [{ month: '2026-10', keyUsage: ku }] }, { language: 'en' }));
    expect(b.Sheets.Keys!.B2!.v).toBe('line one line two end');
    // The workbook writer itself keeps a CR (not XML whitespace a reader keeps: written as _x000D_).
    const withCr = parseRecord(OrgKeyUsageSchema, json, 'key usage');
    withCr.keys[0]!.name = 'line one\r\nline two\rend';
    const kc = held(withCr);
    const c = readBook(await buildCostReport({ ...data, keyUsage: kc, keyUsageByMonth: [{ month: '2026-10', keyUsage: kc }] }, { language: 'en' }));
    expect(c.Sheets.Keys!.B2!.v).toBe('line one\r\nline two\rend');
  });

  test('text with leading, trailing, doubled or tab whitespace or a line break is marked xml:space="preserve" and comes back whole; other text goes unmarked', async () => {
    const names = ['  leading', 'trailing ', 'two  spaces', 'tab\there', 'line\nbreak', '\u00a0no-break', 'plain name'];
    const data = fixtureData({ month: '2026-10' });
    const json = keyUsageJson('2026-10', ['41.152263', '41.152263', '41.152263']);
    json.keys = names.map((_, i) => ({ ...json.keys[i % json.keys.length]!, id: `w${i}`, name: `w${i}` }));
    // The writer's own round trip: names set after parsing, which makes a tab or a line break one space.
    const record = parseRecord(OrgKeyUsageSchema, json, 'key usage');
    record.keys.forEach((k, i) => (k.name = names[i]!));
    const ku = held(record);
    const bytes = await buildCostReport({ ...data, keyUsage: ku, keyUsageByMonth: [{ month: '2026-10', keyUsage: ku }] }, { language: 'en' });
    const keys = readBook(bytes).Sheets.Keys!;
    names.forEach((name, i) => expect(keys[`B${i + 2}`]!.v, JSON.stringify(name)).toBe(name));
    const xml = xmlOf(bytes, 'xl/worksheets/sheet4.xml');
    for (const name of names.slice(0, -1)) expect(xml, JSON.stringify(name)).toContain(`<t xml:space="preserve">${name}</t>`);
    expect(xml).toContain('<t>plain name</t>');
  });
});

describe('invoices: net, VAT and gross, in the invoice currency and DKK', () => {
  const inv = rowsOf(book, 'Invoices');
  const h = inv[0] as string[];
  const at = (row: unknown[], name: string) => row[h.indexOf(name)];

  test('each invoice shows subscription, usage, dev overage, net, VAT rate, VAT and total, as its record states them', () => {
    expect(h).toEqual([
      'Invoice number', 'Status', 'Period', 'Issued', 'Due', 'Currency', 'Subscription', 'Usage', 'Dev overage', 'Net excl. VAT', 'VAT rate', 'VAT',
      'Total incl. VAT', 'Net excl. VAT (DKK)', 'VAT (DKK)', 'Total incl. VAT (DKK)', 'Rate (DKK per unit)', 'Rate source', 'Rate date',
    ]);
    const issued = inv.find((r) => r[0] === '2026-0101')!;
    expect(['Subscription', 'Usage', 'Dev overage', 'Net excl. VAT', 'VAT', 'Total incl. VAT'].map((n) => ore(at(issued, n)))).toEqual([539800, 78901, 9000, 627701, 156925, 784626]);
    expect(at(issued, 'VAT rate')).toBe(0.25);
    expect(['Net excl. VAT (DKK)', 'VAT (DKK)', 'Total incl. VAT (DKK)'].map((n) => ore(at(issued, n)))).toEqual([627701, 156925, 784626]);
    const due = book.Sheets.Invoices![XLSX.utils.encode_cell({ r: inv.indexOf(issued), c: h.indexOf('Due') })]!;
    expect(XLSX.SSF.format(due.z as string, due.v as number)).toBe('15 Nov 2026');
  });

  test('void invoices are listed but kept out of the totals (SUMIFS over issued ones)', () => {
    expect(inv.slice(1, 3).map((r) => [r[0], r[1], at(r, 'Total incl. VAT')])).toEqual([
      ['2026-0100', 'Void', 7236.26],
      ['2026-0101', 'Issued', 7846.26],
    ]);
    const total = rowLabelled(inv, 'Total issued, DKK')!;
    expect(ore(at(total, 'Total incl. VAT'))).toBe(784626);
    expect(ore(at(total, 'Net excl. VAT'))).toBe(627701);
    expect(book.Sheets.Invoices!.M4!.f).toBe('SUMIFS(M2:M3,B2:B3,"Issued",F2:F3,"DKK")');
    const s = rowsOf(book, 'Summary');
    expect(ore(rowLabelled(s, 'Net, excl. VAT (DKK)')![1])).toBe(627701);
    expect(ore(rowLabelled(s, 'VAT (DKK)')![1])).toBe(156925);
    expect(ore(rowLabelled(s, 'Total, incl. VAT (DKK)')![1])).toBe(784626);
  });

  test('a USD invoice is converted at its own rate, half up to the øre; an EUR invoice has no DKK and says why', async () => {
    const data = fixtureData({ month: '2026-10' });
    // 100.01 USD x 6.8512 = 685.188512 -> 685.19 DKK; VAT 25.00 x 6.8512 = 171.28; total 125.01 x 6.8512 = 856.468512 -> 856.47.
    const usd = { ...invoiceRecordsJson[2]!, currency: 'USD', usd_dkk_rate: '6.8512', subscription_subtotal_cents: 10001, usage_subtotal_cents: 0, subtotal_cents: 10001, vat_cents: 2500, total_cents: 12501, lines: [{ sort_order: 1, kind: 'subscription', description: 'Plan', quantity: 1, unit_price_cents: 10001, line_total_cents: 10001 }] };
    const eur = { ...invoiceRecordsJson[1]!, status: 'issued', currency: 'EUR', usd_dkk_rate: null };
    const records = [usd, eur].map((i) => parseRecord(InvoiceSchema, i, 'invoice'));
    const list = records.map(({ id, invoice_number, status, period_start, issued_at, due_at, currency, total_cents }) => ({ id, invoice_number, status, period_start, issued_at, due_at, currency, total_cents }));
    const b = readBook(await buildCostReport({ ...data, invoices: list, invoiceRecords: records }, { language: 'en' }));
    const rows = rowsOf(b, 'Invoices');
    const dollar = rows.find((r) => r[0] === '2026-0101')!;
    expect(['Net excl. VAT (DKK)', 'VAT (DKK)', 'Total incl. VAT (DKK)'].map((n) => ore(at(dollar, n)))).toEqual([68519, 17128, 85647]);
    const euro = rows.find((r) => r[0] === '2026-0100')!;
    expect(at(euro, 'Total incl. VAT (DKK)')).toBeNull();
    const r = rows.indexOf(euro);
    // The invoice of 2026-11-01 (issued_at) has no rate of its own: none is guessed, and the note says which day's rate it needs.
    expect(b.Sheets.Invoices![XLSX.utils.encode_cell({ r, c: 13 })]!.c?.[0]?.t).toBe(
      'No rate: the invoice is in EUR with no rate of its own to DKK, and no rates file was given (svc month-end --rates FILE). The rate must be the latest published on the invoice date 1 Nov 2026, when VAT becomes chargeable (Danish VAT Act, section 23(2)).',
    );
    expect([at(dollar, 'Rate (DKK per unit)'), at(dollar, 'Rate source')]).toEqual([6.8512, "the invoice's own USD/DKK rate"]);
    expect([at(euro, 'Rate (DKK per unit)'), at(euro, 'Rate source'), at(euro, 'Rate date')]).toEqual([null, null, null]);
    expect(rowLabelled(rowsOf(b, 'Summary'), 'Total, incl. VAT, in DKK')).toBeDefined();
  });
});

describe("the period's own plan", () => {
  test('October: the plan is the October invoice\'s subscription lines, dated in October, not today\'s plan', () => {
    const plan = rowsOf(book, 'Plan cost');
    const lines = plan.slice(1, plan.findIndex((r) => r[0] === 'Total'));
    expect(lines.map((r) => [r[1], r[2], r[3], ore(r[5]), r[6], ore(r[7])])).toEqual([
      ['Invoice 2026-0101', 'Core Small, October 2026', 1, 500000, 'DKK', 500000],
      ['Invoice 2026-0101', 'Dev Pro, seats', 2, 39800, 'DKK', 39800],
    ]);
    const ws = book.Sheets['Plan cost']!;
    for (let r = 1; r <= lines.length; r++) {
      for (const c of [8, 9]) expect(XLSX.SSF.format('yyyy-mm', ws[XLSX.utils.encode_cell({ r, c })]!.v as number)).toBe('2026-10');
    }
    expect(ore(rowLabelled(plan, 'Total')![7])).toBe(539800);
    const s = rowsOf(book, 'Summary');
    expect(ore(rowLabelled(s, 'Plan (DKK, excl. VAT)')![1])).toBe(539800);
    expect(rowLabelled(s, 'Plan (DKK, excl. VAT)')![4]).toBe('From the subscription lines of invoice(s) 2026-0101.');
  });

  test('the Summary labels every figure excl. VAT and adds dev overage: usage + dev overage + plan = total cost', () => {
    const s = rowsOf(book, 'Summary');
    expect(rowLabelled(s, 'Usage (USD)')![1]).toBe(123.456789);
    expect(ore(rowLabelled(s, 'Usage (DKK, excl. VAT)')![1])).toBe(78901);
    expect(ore(rowLabelled(s, 'Dev overage (DKK, excl. VAT)')![1])).toBe(9000);
    expect(ore(rowLabelled(s, 'Total cost (DKK, excl. VAT)')![1])).toBe(78901 + 9000 + 539800);
    expect(rowLabelled(s, 'Rate October 2026')![1]).toBeCloseTo(789.01 / 123.456789, 12);
    expect(rowLabelled(s, 'Usage in USD')![1]).toBeCloseTo(0.23456789, 12);
    expect(rowLabelled(s, 'Months without a rate (no DKK)')![1]).toBe('None');
  });

  test('the reconciliation with the October invoice: usage + dev overage + plan = net, each difference 0.00', () => {
    const r = block(rowsOf(book, 'Summary'), 'Reconciliation with invoice 2026-0101, October 2026 (DKK, excl. VAT)');
    expect(r[1]).toEqual([null, 'This workbook', 'Invoice', 'Difference', 'Explanation']);
    const line = (label: string) => r.find((x) => x[0] === label)!;
    expect([1, 2, 3].map((c) => ore(line('Usage')[c]))).toEqual([78901, 78901, 0]);
    expect([1, 2, 3].map((c) => ore(line('Dev overage')[c]))).toEqual([9000, 9000, 0]);
    expect([1, 2, 3].map((c) => ore(line('Plan (subscription)')[c]))).toEqual([539800, 539800, 0]);
    expect([1, 2, 3].map((c) => ore(line('Net excl. VAT')[c]))).toEqual([627701, 627701, 0]);
    expect(ore(line('VAT 25 %')[2])).toBe(156925);
    expect(ore(line('Total incl. VAT')[2])).toBe(784626);
    expect(line('Result')[4]).toBe("Agrees: usage + dev overage + plan = the invoice's net, difference 0.00 DKK.");
  });

  test('an invoice that does not agree shows the difference and says why in plain words', async () => {
    const data = fixtureData({ month: '2026-10' });
    // The invoice converted 121.00 USD at 6.4000: 774.40 DKK, 14.61 DKK less than the month's 789.01.
    const late = { ...invoiceRecordsJson[2]!, usd_dkk_rate: '6.4000', usage_subtotal_cents: 77440 + 9000, subtotal_cents: 539800 + 77440 + 9000 };
    late.lines = late.lines.map((l) => (l.kind === 'usage' ? { ...l, unit_price_cents: 77440, line_total_cents: 77440 } : l));
    const records = [parseRecord(InvoiceSchema, late, 'invoice')];
    const b = readBook(await buildCostReport({ ...data, invoiceRecords: records }, { language: 'en' }));
    const r = block(rowsOf(b, 'Summary'), 'Reconciliation with invoice 2026-0101');
    const usage = r.find((x) => x[0] === 'Usage')!;
    expect([1, 2, 3].map((c) => ore(usage[c]))).toEqual([78901, 77440, 1461]);
    expect(usage[4]).toBe('The invoice converted at 6.4000; the service\'s rate for the month is 6.3910. Usage recorded after the invoice was issued: the invoice covers USD 121.00, the service now reports USD 123.46.');
    expect(ore(r.find((x) => x[0] === 'Net excl. VAT')![3])).toBe(1461);
    expect(r.find((x) => x[0] === 'Result')![4]).toBe(usage[4]);
  });

  test('November, the current month without an invoice: today\'s plan, labelled, part-month lines inside the month kept, others left out', async () => {
    const data = fixtureData({ month: '2026-11' });
    const planCost = { ...data.planCost!, lines: [...data.planCost!.lines, { ...data.planCost!.lines[1]!, period: { first_day: '2026-10-05', last_day: '2026-10-31' } }] };
    const b = readBook(await buildCostReport({ ...data, planCost }, { language: 'en' }));
    const plan = rowsOf(b, 'Plan cost');
    const lines = plan.slice(1, plan.findIndex((r) => r[0] === 'Total'));
    expect(lines.map((r) => [r[1], r[2], ore(r[7])])).toEqual([
      ["Today's plan", 'Private LLM, Assistant (Small)', 500000],
      ["Today's plan", 'Connect, Coding (Pro, per seat)', 59700],
    ]);
    expect(plan.some((r) => String(r[0]).includes("1 line of today's plan whose period lies outside the month is left out."))).toBe(true);
    const s = rowsOf(b, 'Summary');
    expect(ore(rowLabelled(s, 'Plan (DKK, excl. VAT)')![1])).toBe(559700);
    expect(ore(rowLabelled(s, 'Total cost (DKK, excl. VAT), estimated')![1])).toBe(13111 + 559700);
    const r = block(s, 'Reconciliation with the invoice, November 2026');
    expect(r[1]).toEqual(['Not reconciled', null, null, null, 'The month is still running; it is invoiced after it ends.']);
  });

  test('a past month without an issued invoice: the plan is not guessed, the reason is given', async () => {
    const b = readBook(await buildCostReport(fixtureData({ month: '2026-08' }), { language: 'en' }));
    const s = rowsOf(b, 'Summary');
    expect(rowLabelled(s, 'Plan (DKK, excl. VAT)')![1]).toBeNull();
    const reason = "Plan not known: the month has no issued invoice, and today's plan is used only for the current month.";
    expect(rowLabelled(s, 'Plan (DKK, excl. VAT)')![4]).toBe(`August 2026: ${reason}`);
    expect(block(s, 'Reconciliation with the invoice, August 2026')[1]![4]).toBe(reason);
    expect(rowsOf(b, 'Plan cost').some((r) => r[0] === `August 2026: ${reason}`)).toBe(true);
  });
});

describe('months without a rate and at an estimated rate', () => {
  test('a month with no rate shows no DKK (empty, never 0) and says why', async () => {
    const b = readBook(await buildCostReport(fixtureData({ month: '2026-08' }), { language: 'en' }));
    const months = rowsOf(b, 'Months');
    const note = months[0]!.indexOf('Note');
    expect(months[1]![2]).toBeNull();
    expect(months[1]![note]).toMatch(/^No DKK: the service has no USD\/DKK rate for this month\./);
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    expect(k.slice(1, 4).map((r) => r[dkk])).toEqual([null, null, null]);
    expect(rowsOf(b, 'Days').slice(1, 3).map((r) => r[2])).toEqual([null, null]);
    const s = rowsOf(b, 'Summary');
    expect(rowLabelled(s, 'Usage (DKK, excl. VAT)')![1]).toBeNull();
    expect(rowLabelled(s, 'Total cost (DKK, excl. VAT)')![1]).toBeNull();
    expect(rowLabelled(s, 'Months without a rate (no DKK)')![1]).toBe('August 2026');
  });

  test('DKK at an estimated rate is marked with a note and a distinct style; so is the total cost', async () => {
    const b = readBook(await buildCostReport(fixtureData({ month: '2026-11' }), { language: 'en' }));
    const c = b.Sheets.Months!.C2!;
    expect(c.v).toBe(131.11);
    expect(c.c?.[0]?.t).toMatch(/^Estimated: this month has no stored USD\/DKK rate/);
    expect(b.Sheets.Months!.E2!.v).toBe('Yes');
    const summary = rowsOf(b, 'Summary');
    expect(rowLabelled(summary, 'Months at an estimated rate')![1]).toBe('November 2026');
    expect(rowLabelled(summary, 'Total cost (DKK, excl. VAT)')).toBeUndefined();
    expect(rowLabelled(summary, 'Total cost (DKK, excl. VAT), estimated')![4]).toMatch(/^Includes an estimate/);
    // November runs until the 20th: projected to 30 days before it is compared with October.
    expect(rowLabelled(summary, 'Usage in USD')![1]).toBeCloseTo((30 - 123.456789) / 123.456789, 12);
    expect(rowLabelled(summary, 'Usage in USD')![4]).toBe('November 2026 projected to a full month (20 of 30 days) compared with October 2026');
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    const plain = b.Sheets.Keys![XLSX.utils.encode_cell({ r: 1, c: 1 })]!;
    const est = b.Sheets.Keys![XLSX.utils.encode_cell({ r: 1, c: dkk })]!;
    expect(k.slice(1, 4).map((r) => ore(r[dkk]))).toEqual([6555, 3278, 3278]); // 131.11 DKK by 10:5:5 USD: 6555.5, 3277.75, 3277.75
    expect((est.s as { fgColor?: { rgb?: string } })?.fgColor?.rgb).toBe('FFF2CC');
    expect((plain.s as { fgColor?: { rgb?: string } } | undefined)?.fgColor?.rgb).not.toBe('FFF2CC');
  });
});

describe('several months', () => {
  test('each month is allocated over its own keys, then summed per key; the plan is summed month by month', async () => {
    const data = fixtureData({ months: 4 });
    const b = readBook(await buildCostReport(data, { language: 'en' }));
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    const byName = new Map(k.slice(1).map((r) => [r[1], ore(r[dkk])]));
    // Sep 650.00 by 33.33/33.33/33.34, Oct 789.01 equally, Nov 131.11 by 10/5/5; Aug has no rate.
    // Sep: 21664.5, 21664.5, 21671 -> the tie goes to the earlier key.
    expect(byName.get('Support bot')).toBe(21665 + 26301 + 6555);
    expect(byName.get(INJECTION_NAMES[0])).toBe(21664 + 26300 + 3278);
    expect(byName.get('(deleted key)')).toBe(21671 + 26300 + 3278);
    const s = rowsOf(b, 'Summary');
    expect(ore(rowLabelled(s, "Months' DKK")![1])).toBe(65000 + 78901 + 13111);
    expect(rowLabelled(s, 'Difference, months minus keys')![1]).toBe(0);
    // Aug: not known; Sep 5,000.00 (invoice 2026-0090); Oct 5,398.00 (2026-0101); Nov 5,597.00 (today's plan).
    expect(ore(rowLabelled(s, 'Plan (DKK, excl. VAT)')![1])).toBe(500000 + 539800 + 559700);
    const months = rowsOf(b, 'Months');
    const h = months[0]!;
    expect(months.slice(1, 5).map((r) => [r[2], r[h.indexOf('Dev overage (DKK)')], r[h.indexOf('Plan (DKK)')], r[h.indexOf('Cost excl. VAT (DKK)')]])).toEqual([
      [null, null, null, null],
      [650, 0, 5000, 5650],
      [789.01, 90, 5398, 6277.01],
      [131.11, null, 5597, 5728.11],
    ]);
    expect(b.Sheets.Months!.G3!.f).toBe("SUMIFS('Plan cost'!$H$2:$H$6,'Plan cost'!$A$2:$A$6,A3)");
    expect(ore(rowLabelled(s, 'Total cost (DKK, excl. VAT), estimated')![1])).toBe(565000 + 627701 + 572811);
    expect(rowsOf(b, 'Invoices').slice(1, 4).map((r) => r[0])).toEqual(['2026-0090', '2026-0100', '2026-0101']);
    expect(block(s, 'Reconciliation with invoice 2026-0090, September 2026').find((r) => r[0] === 'Result')![4]).toMatch(/^Agrees/);
  });
});

describe('credits: a key with negative spend', () => {
  test('builds (no RangeError), gets a negative share, and is shown as a credit; the keys still add up to the month', async () => {
    const data = fixtureData({ month: '2026-10' });
    const ku = held(parseRecord(OrgKeyUsageSchema, keyUsageJson('2026-10', ['10', '5', '-2.5']), 'key usage'));
    const d: CostReportData = { ...data, keyUsage: ku, keyUsageByMonth: [{ month: '2026-10', keyUsage: ku }] };
    const b = readBook(await buildCostReport(d, { language: 'en' }));
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    // 78901 øre by 10 : 5 : -2.5 (sum 12.5): 63120.8, 31560.4, -15780.2 -> floors 63120, 31560, -15781 (sum 78899);
    // the 2 øre left go to the largest remainders (0.8, 0.8, 0.4; ties to the earlier): 63121, 31560, -15780.
    expect(k.slice(1, 4).map((r) => ore(r[dkk]))).toEqual([63121, 31560, -15780]);
    expect(k.slice(1, 4).map((r) => r[k[0]!.indexOf('USD')])).toEqual([10, 5, -2.5]);
    const credit = b.Sheets.Keys![XLSX.utils.encode_cell({ r: 3, c: 1 })]!;
    expect((credit.s as { fgColor?: { rgb?: string } })?.fgColor?.rgb).toBe('E2EFDA');
    expect(k.some((r) => r[0] === '1 key has negative spend (a credit): USD -2.50, DKK -157.80. A credit lowers the month\'s cost and is shared out like spend, as a negative amount.')).toBe(true);
    const s = rowsOf(b, 'Summary');
    expect(ore(rowLabelled(s, 'Of which credits (negative spend, DKK)')![1])).toBe(-15780);
    expect(rowLabelled(s, 'Difference, months minus keys')![1]).toBe(0);
  });
});

describe('language', () => {
  test('Danish: Yes/No as Ja/Nej on every sheet (the service labels boolean groups in English), plan names from the locale', async () => {
    const da = readBook(await buildCostReport(fixtureData({ month: '2026-11' }), { language: 'da' }));
    const fields = rowsOf(da, 'Nøglefelter');
    expect(fields.filter((r) => r[0] === 'Personal data').map((r) => r[1])).toEqual(['Ja', 'Nej', '(ingen værdi)']);
    expect(rowsOf(da, 'Nøgler')[1]![6]).toBe('Ja');
    expect(rowsOf(da, 'Måneder')[1]![4]).toBe('Ja');
    const plan = rowsOf(da, 'Abonnement');
    expect(plan[1]![2]).toBe('Privat LLM, Assistent (Small)');
    expect(plan[2]![2]).toBe('Connect, Kodning (Pro, pr. plads)');
    const s = rowsOf(da, 'Oversigt');
    expect(rowLabelled(s, 'Abonnement (DKK, ekskl. moms)')).toBeDefined();
    expect(s.some((r) => String(r[0]).includes('måned(er)'))).toBe(false);
  });
});

describe('key fields whose names would clash as table columns', () => {
  test('a repeated display name (or one equal to a fixed column) is numbered, in the header and the table alike', async () => {
    const data = fixtureData({ month: '2026-10' });
    const fields = data.keyUsage!.key_fields!;
    // The API allows any display names: the second field repeats the first, the third is "USD" like a column of our own.
    const renamed = { ...data.keyUsage!, key_fields: [fields[0]!, { ...fields[1]!, display_name: 'team' }, { ...fields[2]!, display_name: 'USD' }] };
    const bytes = await buildCostReport({ ...data, keyUsage: renamed, keyUsageByMonth: [{ month: '2026-10', keyUsage: renamed }] }, { language: 'en' });
    const head = rowsOf(readBook(bytes), 'Keys')[0] as string[];
    expect(head.slice(5, 9)).toEqual(['Team', 'team 2', 'USD 2', 'USD']);
    const table = xmlOf(bytes, 'xl/tables/table3.xml');
    const names = [...table.matchAll(/<tableColumn id="\d+" name="([^"]*)"\/>/g)].map((m) => m[1]);
    expect(names).toEqual(head);
    expect(new Set(names.map((n) => n!.toLowerCase())).size).toBe(names.length);
  });
});

test('the same data gives the same bytes, whatever the clock says', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-05-17T13:14:15Z'));
  try {
    const again = await buildCostReport(fixtureData({ month: '2026-10' }), { language: 'en', organizationName: 'Test ApS' });
    expect(Buffer.from(again).equals(Buffer.from(october))).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
