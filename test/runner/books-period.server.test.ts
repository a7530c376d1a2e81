// An outside accountant's audit, over real HTTP from the reference server on a generated dataset
// (seed audit-a, 6 organizations, 12 keys each, 4 months) and the samples' ECB rates file:
// A. an EU reverse-charge invoice for September 2026 issued on 2 October is in the VAT period in
//    which its VAT became chargeable (30 September: momsloven § 23, stk. 5 and § 25 a; VAT Directive
//    art. 64(1), 66 and 264(2)), 2026-Q3, in vat-return.json, summary.md, index.html and the
//    journal; a domestic invoice stays in its invoice date's period; svc verify agrees.
// B. a subscription not in DKK is one figure in journal.csv, summary.md's cost table and the cost
//    workbook's plan sheet (read with SheetJS), every table touched footed.
// Every expected figure is worked by hand from the records and the rates, never from the code.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { verifyRun } from '../../src/verify/index.js';
import { configFor, readTokens, svcInProcess } from '../_harness/index.js';
import { journalOre, readJournal, type JournalRow } from './_read.js';

const RATES = join(import.meta.dirname, '..', '..', 'samples', 'rates', 'sample-ecb-rates-2026.csv');
const SAMPLES = join(import.meta.dirname, '..', '..', 'samples', 'vat-treatments');

let tmp: string;
let server: ReferenceServer;
let env: Record<string, string>;

type Row = JournalRow;
const ore = journalOre;
/** `9.912,05 DKK` (Danish) as øre. */
const daOre = (text: string) => BigInt(text.replace(/ DKK$/, '').replace(/\./g, '').replace(',', ''));
/** A section of summary.md: from a heading line to the next heading of the same or a higher level. */
const section = (md: string, heading: string) => {
  const from = md.indexOf(`${heading}\n`);
  expect(from, heading).toBeGreaterThanOrEqual(0);
  const level = /^#+/.exec(heading)![0].length;
  const rest = md.slice(from + heading.length + 1);
  const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
};

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-books-period-'));
  const data = join(tmp, 'data');
  generateDataset({ orgs: 6, keysPerOrg: 12, months: 4, seed: 'audit-a', out: data });
  const invoices = join(data, 'invoices');
  const own = async (file: string) => JSON.parse(await readFile(join(invoices, file), 'utf8')) as Record<string, unknown>;
  const sample = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  // A: the audit's record (period September 2026, issued 02.10.2026, a German business, EUR 1,328.55, reverse charge).
  await copyFile(join(import.meta.dirname, 'fixtures', 'eu-rc-sept-issued-oct.json'), join(invoices, 'org-00001-2026-09.json'));
  // B: the samples' USD invoice with VAT at its own rate, and the EUR reverse-charge one, as two organizations' October.
  for (const [file, name] of [['org-00002-2026-10.json', 'usd-vat-with-rate-2026-10.json'], ['org-00003-2026-10.json', 'eu-reverse-charge-2026-10.json']] as const) {
    const mine = await own(file);
    await writeFile(join(invoices, file), JSON.stringify({ ...(await sample(join(SAMPLES, name))), org_id: mine.org_id, id: mine.id }));
  }
  server = await startReferenceServer({ dataDir: data });
  const made = configFor(server.url, await readTokens(data));
  env = made.env;
  await writeFile(join(tmp, 'runs.json'), JSON.stringify(made.config));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const monthEnd = async (month: string) => {
  const r = await svcInProcess(['month-end', '--config', 'runs.json', '--out', join(tmp, 'out'), '--month', month, '--rates', RATES], env, { cwd: tmp });
  expect(r.code, r.stderr).toBe(0);
  return join(tmp, 'out', month);
};

describe('A: a reverse-charge invoice is in the VAT period its VAT became chargeable in', () => {
  let dir: string;
  let vat: Record<string, any>;
  let md: string;
  beforeAll(async () => {
    dir = await monthEnd('2026-09');
    vat = JSON.parse(await readFile(join(dir, 'books', 'vat-return.json'), 'utf8'));
    md = await readFile(join(dir, 'summary.md'), 'utf8');
  }, 240_000);

  // By hand: EUR 1,328.55 at 30 September's 7.4608 (the ECB rate the samples' file gives for that day) = 9,912.045864 → 9,912.05 DKK.
  const BOX_B = 991205;

  it('vat-return.json: rubrik B and the EU sales list of 2026-Q3, the month of September; nothing of it in 2026-Q4', () => {
    const q3 = vat.periods.find((p: any) => p.period === '2026-Q3');
    const q4 = vat.periods.find((p: any) => p.period === '2026-Q4');
    expect([q3.from, q3.to]).toEqual(['2026-07-01', '2026-09-30']);
    expect(q3.box_b_services).toEqual({ ore: BOX_B, kroner: 9912, invoices: ['2026-0101'] });
    expect(q3.eu_sales).toEqual([{ vat_number: 'DE812345673', country: 'DE', services: { ore: BOX_B, kroner: 9912, invoices: ['2026-0101'] } }]);
    expect(q3.sales_vat).toEqual({ ore: 0, kroner: 0, invoices: [] });
    expect(q4.box_b_services).toEqual({ ore: 0, kroner: 0, invoices: [] });
    expect(q4.eu_sales).toEqual([]);
    expect(vat.eu_sales_by_month.map((m: any) => [m.month, m.eu_sales.map((e: any) => e.services.ore)])).toEqual([['2026-09', [BOX_B]]]);
    expect(vat.chargeable_other_day).toEqual([
      { org_id: 'org-00001', invoice_number: '2026-0101', invoice_date: '2026-10-02', chargeable_date: '2026-09-30', rule: 'end_of_period', period: '2026-Q3', invoice_date_period: '2026-Q4' },
    ]);
  });

  it('a domestic invoice stays in its invoice date\'s period: the generated organizations\' September invoices, issued in October, are in 2026-Q4', async () => {
    const q4 = vat.periods.find((p: any) => p.period === '2026-Q4');
    // By hand from the records: each domestic invoice's VAT, and its issue date in October.
    let salesVat = 0;
    const numbers: string[] = [];
    for (const n of ['00002', '00003', '00004', '00005', '00006']) {
      const r = JSON.parse(await readFile(join(tmp, 'data', 'invoices', `org-${n}-2026-09.json`), 'utf8')) as { invoice_number: string; vat_cents: number; issued_at: string; vat_rate_bps: number };
      expect(r.vat_rate_bps).toBe(2500);
      expect(r.issued_at.slice(0, 7)).toBe('2026-10');
      salesVat += r.vat_cents;
      numbers.push(r.invoice_number);
    }
    expect(q4.sales_vat).toEqual({ ore: salesVat, kroner: Math.floor(salesVat / 100), invoices: numbers });
    const q3 = vat.periods.find((p: any) => p.period === '2026-Q3');
    for (const n of numbers) expect(q3.sales_vat.invoices).not.toContain(n);
  });

  it('summary.md: the Q3 section has rubrik B 9.912,05 and the EU sales list, the Q4 section not, and says why', () => {
    const q3 = section(md, '### Momsperiode 2026-Q3 (01.07.2026 – 30.09.2026)');
    expect(q3).toContain('| Rubrik B – ydelser: EU-salg uden moms | 9.912,05 DKK | 9.912 | 2026-0101 |');
    expect(q3).toContain('| DE812345673 | DE | 9.912,05 DKK | 9.912 | 2026-0101 |');
    // Q4's tables (its boxes and any EU sales list), not the notes under the books.
    const q4 = section(md, '### Momsperiode 2026-Q4 (01.10.2026 – 31.12.2026)').split('\n').filter((l) => l.startsWith('|')).join('\n');
    expect(q4).toContain('| Rubrik B – ydelser: EU-salg uden moms | 0,00 DKK | 0 | – |');
    expect(q4).not.toContain('2026-0101');
    expect(daOre('9.912,05 DKK')).toBe(BigInt(BOX_B));
    expect(md).toContain('- 2026-0101 (org-00001), fakturadato 02.10.2026, hører til momsperiode 2026-Q3, ikke 2026-Q4: momspligten indtrådte på periodens sidste dag 30.09.2026');
    expect(md).toContain('hver faktura hører til momsperioden, hvor momspligten indtrådte');
    expect(md).not.toContain('momsperioden for sin fakturadato');
  });

  it('index.html: the same Q3 table and the same words', async () => {
    const html = await readFile(join(dir, 'index.html'), 'utf8');
    const q3 = html.indexOf('<h3>Momsperiode 2026-Q3 (01.07.2026 – 30.09.2026)</h3>');
    const q4 = html.indexOf('<h3>Momsperiode 2026-Q4 (01.10.2026 – 31.12.2026)</h3>');
    expect(q3).toBeGreaterThan(0);
    expect(q4).toBeGreaterThan(q3);
    expect(html.slice(q3, q4)).toContain('9.912,05 DKK');
    expect(html.slice(q4, html.indexOf('</table>', q4))).not.toContain('2026-0101');
    expect(html).toContain('<li>2026-0101 (org-00001), fakturadato 02.10.2026, hører til momsperiode 2026-Q3, ikke 2026-Q4');
  });

  it('journal.csv: its voucher is dated 30.09.2026, the day VAT became chargeable, and names its invoice date; it balances', () => {
    const rows = readJournal(join(dir, 'books', 'journal.csv')).filter((r) => r.voucher === '2026-0101');
    expect(rows.map((r) => [r.date, r.account, r.amount_dkk, r.vat_code])).toEqual([
      // By hand: 950.00 and 378.55 of 9,912.05 by the largest remainder: 7,087.7629… and 2,824.2870…: 7,087.76 + 2,824.28 = 9,912.04,
      // the øre left to the larger remainder (.2870): 7,087.76 and 2,824.29.
      ['2026-09-30', '6190', '9912.05', ''],
      ['2026-09-30', '1150', '-7087.76', 'UEUY'],
      ['2026-09-30', '1150', '-2824.29', 'UEUY'],
    ]);
    expect(rows.reduce((a, r) => a + ore(r.amount_dkk), 0n)).toBe(0n);
    expect(rows[0]!.text).toBe("Faktura 2026-0101, Nordsee Datenwerk GmbH; fakturadato 02.10.2026, dateret 30.09.2026, hvor momspligten indtrådte; EUR til 7,4608 DKK, ECB's referencekurs (sample-ecb-rates-2026.csv), 30.09.2026");
    // The journal's EU revenue is the Q3 rubrik B.
    expect(-rows.filter((r) => r.account === '1150').reduce((a, r) => a + ore(r.amount_dkk), 0n)).toBe(BigInt(BOX_B));
  });

  it('svc verify makes the books again by the same rule: no difference', async () => {
    const report = await verifyRun(dir);
    expect(report.differences).toEqual([]);
  }, 240_000);
});

describe('B: a subscription not in DKK is one figure in the journal, summary.md and the workbook', () => {
  let dir: string;
  let rows: Row[];
  let md: string;
  beforeAll(async () => {
    dir = await monthEnd('2026-10');
    rows = readJournal(join(dir, 'books', 'journal.csv'));
    md = await readFile(join(dir, 'summary.md'), 'utf8');
  }, 240_000);

  /** The plan sheet (Danish: Abonnement) of an organization's workbook: its DKK column per line, and its total row. */
  const planSheet = async (org: string) => {
    const wb = XLSX.read(await readFile(join(dir, org, 'cost-2026-10.xlsx')), { type: 'buffer' });
    const name = wb.SheetNames.find((n) => n === 'Abonnement' || n === 'Plan cost')!;
    const table = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name]!, { header: 1, raw: true });
    const col = (table[0] as string[]).indexOf('DKK');
    const lines = table.filter((r) => typeof r[0] === 'number').map((r) => BigInt(Math.round((r[col] as number) * 100)));
    const total = table.find((r) => r[0] === 'I alt' || r[0] === 'Total')!;
    return { lines, total: BigInt(Math.round((total[col] as number) * 100)), notes: table.map((r) => r[0]).filter((c): c is string => typeof c === 'string') };
  };
  /** An organization's cost table on summary.md (its section is the one that names its id): each row's øre and the total. */
  const costTable = (orgId: string) => {
    const at = md.indexOf(`- Organisations-id: ${orgId}\n`);
    const org = section(md, md.slice(0, at).split('\n').filter((l) => l.startsWith('## ')).at(-1)!);
    const body = org.split('\n').filter((l) => /^\| (Forbrug|Abonnement|Udviklerforbrug|\*\*I alt\*\*) \|/.test(l)).map((l) => l.split('|').map((c) => c.trim().replace(/\*\*/g, '')));
    return { rows: Object.fromEntries(body.filter((c) => c[1] !== 'I alt').map((c) => [c[1]!, daOre(c[2]!)])), total: daOre(body.find((c) => c[1] === 'I alt')![2]!), text: org };
  };

  it('USD at its own rate 6.8512: the plan is 2.144,42 DKK in the journal, on summary.md and on the Abonnement sheet, lines and totals footed', async () => {
    // By hand: total 1,156.71 × 6.8512 = 7,924.8515… → 7,924.85; VAT 231.34 × 6.8512 = 1,584.9566… → 1,584.96; net 6,339.89.
    // Plan 313.00 and usage 612.37 of 925.37: 2,144.4239… and 4,195.4660…: 2,144.42 + 4,195.46 = 6,339.88, the øre left to .4660:
    // 2,144.42 and 4,195.47 (each line times the rate alone would be 952.32 + 1,192.11 = 2,144.43, the øre the audit found).
    // The plan's lines 139.00 and 174.00 of 2,144.42: 952.3143… and 1,192.1056…: 952.31 + 1,192.10, the øre left to .1056.
    const voucher = rows.filter((r) => r.voucher === '2026-0146');
    expect(voucher.map((r) => [r.account, r.amount_dkk])).toEqual([['6190', '7924.85'], ['1010', '-2144.42'], ['1010', '-4195.47'], ['7680', '-1584.96']]);
    expect(voucher.reduce((a, r) => a + ore(r.amount_dkk), 0n)).toBe(0n);
    const sheet = await planSheet('org-00002');
    expect(sheet.lines).toEqual([95231n, 119211n]);
    expect(sheet.total).toBe(214442n);
    expect(sheet.lines.reduce((a, b) => a + b, 0n)).toBe(sheet.total);
    expect(sheet.notes.some((n) => n.startsWith('DKK for en linje på en faktura, der ikke er i DKK'))).toBe(true);
    const table = costTable('org-00002');
    expect(table.rows['Abonnement']).toBe(214442n);
    expect(Object.values(table.rows).reduce((a, b) => a + b, 0n)).toBe(table.total);
    expect(table.text).toContain('Dets DKK er fakturaens netto i DKK (totalen i DKK minus momsen i DKK) fordelt på dens linjer, det beløb books/journal.csv bogfører');
  });

  it('EUR reverse charge at 7.4607: the plan is 7.087,66 DKK on every surface', async () => {
    // By hand: 1,328.55 × 7.4607 = 9,911.9115… → 9,911.91 (no VAT). Plan 950.00 and usage 378.55: 7,087.6628… and 2,824.2471…:
    // 7,087.66 + 2,824.24 = 9,911.90, the øre left to .2471: 7,087.66 and 2,824.25 (950.00 × 7.4607 alone would be 7,087.665 → 7,087.67).
    const voucher = rows.filter((r) => r.voucher === '2026-0145');
    expect(voucher.map((r) => [r.date, r.account, r.amount_dkk])).toEqual([['2026-10-31', '6190', '9911.91'], ['2026-10-31', '1150', '-7087.66'], ['2026-10-31', '1150', '-2824.25']]);
    const sheet = await planSheet('org-00003');
    expect(sheet.lines).toEqual([708766n]);
    expect(sheet.total).toBe(708766n);
    const table = costTable('org-00003');
    expect(table.rows['Abonnement']).toBe(708766n);
    expect(Object.values(table.rows).reduce((a, b) => a + b, 0n)).toBe(table.total);
  });

  it('a DKK invoice keeps its own figures: no note, the lines as the record states them', async () => {
    const r = JSON.parse(await readFile(join(tmp, 'data', 'invoices', 'org-00004-2026-10.json'), 'utf8')) as { currency: string; lines: Array<{ kind: string; line_total_cents: number }> };
    expect(r.currency).toBe('DKK');
    const sheet = await planSheet('org-00004');
    expect(sheet.lines).toEqual(r.lines.filter((l) => l.kind === 'subscription').map((l) => BigInt(l.line_total_cents)));
    expect(sheet.notes.some((n) => n.startsWith('DKK for en linje'))).toBe(false);
  });

  it('the run\'s cost table foots, and the journal balances per voucher', () => {
    const run = section(md, '### Omkostning i DKK, alle organisationer');
    const body = run.split('\n').filter((l) => /^\| (Forbrug|Abonnement|Udviklerforbrug|\*\*I alt\*\*) \|/.test(l)).map((l) => l.split('|').map((c) => c.trim().replace(/\*\*/g, '')));
    const total = daOre(body.find((c) => c[1] === 'I alt')![2]!);
    expect(body.filter((c) => c[1] !== 'I alt').reduce((a, c) => a + daOre(c[2]!), 0n)).toBe(total);
    for (const v of new Set(rows.map((r) => r.voucher))) expect(rows.filter((r) => r.voucher === v).reduce((a, r) => a + ore(r.amount_dkk), 0n), v).toBe(0n);
  });
});
