import { describe, expect, test, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { buildCostReport } from '../../src/report/index.js';
import { fixtureData, INJECTION_NAMES } from './_fixtures.js';
import { readBook, rowLabelled, rowsOf } from './_read.js';

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
    expect(rowsOf(da, 'Nøgler')[0]!.slice(0, 4)).toEqual(['Nøglenavn', 'Nøglepræfiks', 'Produkt', 'Modtager']);
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

  test('totals rows are SUM formulas carrying their values', () => {
    const ws = book.Sheets.Keys!;
    const totalRow = keys.findIndex((r) => r[0] === 'Total') + 1;
    const usd = ws[XLSX.utils.encode_cell({ r: totalRow - 1, c: col('USD') })]!;
    expect(usd.f).toBe(`SUM(H2:H${totalRow - 1})`);
    expect(usd.v).toBeCloseTo(123.456789, 9);
    const tokens = ws[XLSX.utils.encode_cell({ r: totalRow - 1, c: col('Total tokens') })]!;
    expect(tokens.f).toMatch(/^SUM\(/);
    expect(tokens.v).toBe(3100);
  });

  test('numbers are numbers with formats, dates are dates', () => {
    const ws = book.Sheets.Keys!;
    const usd = ws[XLSX.utils.encode_cell({ r: 1, c: col('USD') })]!;
    expect(usd.t).toBe('n');
    expect(usd.z).toBe('#,##0.00##');
    expect(ws[XLSX.utils.encode_cell({ r: 1, c: col('Total tokens') })]!.z).toBe('#,##0');
    const day = book.Sheets.Days!.A2!;
    expect(day.t).toBe('n');
    expect(XLSX.SSF.format(day.z as string, day.v as number)).toBe('1 Oct 2026');
  });

  test('each table sheet is an Excel table over its header and data rows, with filter buttons', () => {
    const raw = XLSX.read(october, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    const text = (path: string) => Buffer.from(raw.files[path]!.content).toString('utf8');
    // Keys is the fourth sheet: its relationships point at its table part.
    const target = /Type="[^"]*\/table" Target="\.\.\/(tables\/table\d+\.xml)"/.exec(text('xl/worksheets/_rels/sheet4.xml.rels'))![1]!;
    const table = text(`xl/${target}`);
    const ref = `A1:S${dataRows.length + 1}`;
    expect(table).toContain(`ref="${ref}"`);
    expect(table).toContain(`<autoFilter ref="${ref}"/>`);
    const names = [...table.matchAll(/<tableColumn id="\d+" name="([^"]*)"\/>/g)].map((m) => m[1]);
    expect(names).toEqual(keys[0]);
    expect(text('[Content_Types].xml')).toContain(`PartName="/xl/${target}"`);
    // Nine sheets, eight of them tables (Summary has no header row).
    expect(Object.keys(raw.files).filter((f) => /^xl\/tables\/table\d+\.xml$/.test(f))).toHaveLength(8);
  });

  test('print setup and view: landscape, fit to one page wide, header frozen and repeated on every page', () => {
    const raw = XLSX.read(october, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    const keysXml = Buffer.from(raw.files['xl/worksheets/sheet4.xml']!.content).toString('utf8');
    expect(keysXml).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    expect(keysXml).toMatch(/<pageSetup [^>]*orientation="landscape"[^>]*fitToWidth="1" fitToHeight="0"/);
    expect(keysXml).toContain('<pageSetUpPr fitToPage="1"/>');
    expect(book.Workbook?.Names?.find((n) => n.Name === '_xlnm.Print_Titles' && n.Ref === "'Keys'!$1:$1")).toBeDefined();
    const widths = book.Sheets.Keys!['!cols']!.map((c) => c?.wch ?? c?.width);
    expect(widths[0]).toBeGreaterThanOrEqual('=HYPERLINK("http://x","y")'.length);
    // The header cell's style: the header fill, and a bold font (SheetJS does not read fonts, so from styles.xml).
    expect(book.Sheets.Keys!.A1!.s).toMatchObject({ patternType: 'solid', fgColor: { rgb: 'D9E1F2' } });
    const s = Number(/<c r="A1" s="(\d+)"/.exec(keysXml)![1]);
    const styles = Buffer.from(raw.files['xl/styles.xml']!.content).toString('utf8');
    const xf = [...styles.match(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s)![1]!.matchAll(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/gs)][s]![0];
    const fontId = Number(/fontId="(\d+)"/.exec(xf)![1]);
    const font = [...styles.match(/<fonts[^>]*>(.*?)<\/fonts>/s)![1]!.matchAll(/<font>.*?<\/font>|<font\/>/gs)][fontId]![0];
    expect(font).toContain('<b/>');
  });

  test('API text stays text: formula-like key names and field values are strings, never formulas', () => {
    const ws = book.Sheets.Keys!;
    for (const name of INJECTION_NAMES) {
      const r = dataRows.findIndex((row) => row[0] === name);
      expect(r, name).toBeGreaterThanOrEqual(0);
      const c = ws[XLSX.utils.encode_cell({ r: r + 1, c: 0 })]!;
      expect(c.t).toBe('s');
      expect(c.v).toBe(name);
      expect(c.f).toBeUndefined();
    }
    const cc = ws[XLSX.utils.encode_cell({ r: 1, c: col('Cost centre') })]!;
    expect([cc.t, cc.v, cc.f]).toEqual(['s', '=SUM(A1:A9)', undefined]);
    expect(dataRows[0]!.slice(0, 6)).toEqual(['Support bot', 'sk-k1', 'Connect', 'anna@example.dk', 'Operations', 'Yes']);
  });

  test('void invoices are listed but kept out of the totals', () => {
    const inv = rowsOf(book, 'Invoices');
    expect(inv.slice(1, 3).map((r) => [r[0], r[1], r[6]])).toEqual([
      ['2026-0100', 'Void', 9999.99],
      ['2026-0101', 'Issued', 12345.67],
    ]);
    const total = rowLabelled(inv, 'Total issued, DKK')!;
    expect(total[6]).toBe(12345.67);
    expect(book.Sheets.Invoices!.G4!.f).toBe('SUMIFS(G2:G3,B2:B3,"Issued",F2:F3,"DKK")');
    expect(rowLabelled(rowsOf(book, 'Summary'), 'Invoiced in the period, issued invoices (DKK)')![1]).toBe(12345.67);
  });

  test('Summary: usage, plan cost and total in DKK, the rate used and the change from September', () => {
    const s = rowsOf(book, 'Summary');
    expect(rowLabelled(s, 'Usage (USD)')![1]).toBe(123.456789);
    expect(rowLabelled(s, 'Usage (DKK)')![1]).toBe(789.01);
    expect(rowLabelled(s, 'Plan cost per month (DKK)')![1]).toBe(5597);
    expect(rowLabelled(s, 'Total cost (DKK)')![1]).toBe(6386.01);
    expect(rowLabelled(s, 'Rate October 2026')![1]).toBeCloseTo(789.01 / 123.456789, 12);
    expect(rowLabelled(s, 'Usage in USD')![1]).toBeCloseTo(0.23456789, 12);
    expect(rowLabelled(s, 'Months without a rate (no DKK)')![1]).toBe('None');
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
});

describe('months without a rate and at an estimated rate', () => {
  test('a month with no rate shows no DKK (empty, never 0) and says why', async () => {
    const b = readBook(await buildCostReport(fixtureData({ month: '2026-08' }), { language: 'en' }));
    const months = rowsOf(b, 'Months');
    expect(months[1]![2]).toBeNull();
    expect(months[1]![11]).toBe('No DKK: the service has no USD/DKK rate for this month.');
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    expect(k.slice(1, 4).map((r) => r[dkk])).toEqual([null, null, null]);
    expect(rowsOf(b, 'Days').slice(1, 3).map((r) => r[2])).toEqual([null, null]);
    const s = rowsOf(b, 'Summary');
    expect(rowLabelled(s, 'Usage (DKK)')![1]).toBeNull();
    expect(rowLabelled(s, 'Total cost (DKK)')![1]).toBeNull();
    expect(rowLabelled(s, 'Months without a rate (no DKK)')![1]).toBe('August 2026');
  });

  test('DKK at an estimated rate is marked with a note and a distinct style', async () => {
    const b = readBook(await buildCostReport(fixtureData({ month: '2026-11' }), { language: 'en' }));
    const c = b.Sheets.Months!.C2!;
    expect(c.v).toBe(131.11);
    expect(c.c?.[0]?.t).toMatch(/^Estimated: this month has no stored USD\/DKK rate/);
    expect(b.Sheets.Months!.E2!.v).toBe('Yes');
    const summary = rowsOf(b, 'Summary');
    expect(rowLabelled(summary, 'Months at an estimated rate')![1]).toBe('November 2026');
    // November runs until the 20th: projected to 30 days before it is compared with October.
    expect(rowLabelled(summary, 'Usage in USD')![1]).toBeCloseTo((30 - 123.456789) / 123.456789, 12);
    expect(rowLabelled(summary, 'Usage in USD')![2]).toBe('November 2026 projected to a full month (20 of 30 days) compared with October 2026');
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    const plain = b.Sheets.Keys![XLSX.utils.encode_cell({ r: 1, c: 0 })]!;
    const est = b.Sheets.Keys![XLSX.utils.encode_cell({ r: 1, c: dkk })]!;
    expect(k.slice(1, 4).map((r) => ore(r[dkk]))).toEqual([6555, 3278, 3278]); // 131.11 DKK by 10:5:5 USD: 6555.5, 3277.75, 3277.75
    expect((est.s as { fgColor?: { rgb?: string } })?.fgColor?.rgb).toBe('FFF2CC');
    expect((plain.s as { fgColor?: { rgb?: string } } | undefined)?.fgColor?.rgb).not.toBe('FFF2CC');
  });
});

describe('several months', () => {
  test('each month is allocated over its own keys, then summed per key; months without a rate add nothing', async () => {
    const data = fixtureData({ months: 4 });
    const b = readBook(await buildCostReport(data, { language: 'en' }));
    const k = rowsOf(b, 'Keys');
    const dkk = k[0]!.indexOf('DKK');
    const byName = new Map(k.slice(1).map((r) => [r[0], ore(r[dkk])]));
    // Sep 650.00 by 33.33/33.33/33.34, Oct 789.01 equally, Nov 131.11 by 10/5/5; Aug has no rate.
    // Sep: 21664.5, 21664.5, 21671 -> the tie goes to the earlier key.
    expect(byName.get('Support bot')).toBe(21665 + 26301 + 6555);
    expect(byName.get(INJECTION_NAMES[0])).toBe(21664 + 26300 + 3278);
    expect(byName.get('(deleted key)')).toBe(21671 + 26300 + 3278);
    const s = rowsOf(b, 'Summary');
    expect(ore(rowLabelled(s, "Months' DKK")![1])).toBe(65000 + 78901 + 13111);
    expect(rowLabelled(s, 'Difference, months minus keys')![1]).toBe(0);
    expect(rowLabelled(s, 'Plan cost for 4 month(s) (DKK)')![1]).toBe(5597 * 4);
    expect(rowsOf(b, 'Months').slice(1, 5).map((r) => r[2])).toEqual([null, 650, 789.01, 131.11]);
    expect(rowsOf(b, 'Invoices').slice(1, 4).map((r) => r[0])).toEqual(['2026-0090', '2026-0100', '2026-0101']);
  });
});

describe('key fields whose names would clash as table columns', () => {
  test('a repeated display name (or one equal to a fixed column) is numbered, in the header and the table alike', async () => {
    const data = fixtureData({ month: '2026-10' });
    const fields = data.keyUsage.key_fields!;
    // The API allows any display names: the second field repeats the first, the third is "USD" like a column of our own.
    const renamed = { ...data.keyUsage, key_fields: [fields[0]!, { ...fields[1]!, display_name: 'team' }, { ...fields[2]!, display_name: 'USD' }] };
    const bytes = await buildCostReport({ ...data, keyUsage: renamed, keyUsageByMonth: [{ month: '2026-10', keyUsage: renamed }] }, { language: 'en' });
    const raw = XLSX.read(bytes, { type: 'buffer', bookFiles: true }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
    const head = rowsOf(raw, 'Keys')[0] as string[];
    expect(head.slice(4, 8)).toEqual(['Team', 'team 2', 'USD 2', 'USD']);
    const table = Buffer.from(raw.files['xl/tables/table3.xml']!.content).toString('utf8');
    const names = [...table.matchAll(/<tableColumn id="\d+" name="([^"]*)"\/>/g)].map((m) => m[1]);
    expect(names).toEqual(head);
    expect(new Set(names.map((n) => n!.toLowerCase())).size).toBe(names.length);
  });
});
