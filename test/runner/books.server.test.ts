// The month into the books, as an accountant gets it over real HTTP from the reference server:
// books/journal.csv (read with Python's csv module, RFC 4180) and books/vat-return.json, the same
// figures on summary.md and index.html. Expected figures are worked by hand from the sample records
// and the rates below (Python's decimal for the products), never taken from the code under test.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { launch, openFile } from './_browser.js';
import { journalOre, readJournal, type JournalRow } from './_read.js';
import { configFor, copySamples, readTokens, svcInProcess } from '../_harness/index.js';

// The ECB's layout (eurofxref-hist.csv), per 1 EUR. 31 October 2026 is a Saturday: Friday's rate stands.
const ECB = `Date,USD,DKK,
2026-12-01,1.0901,7.4590,
2026-11-05,1.0890,7.4601,
2026-11-04,1.0879,7.4603,
2026-11-03,1.0873,7.4604,
2026-10-30,1.0851,7.4610,
`;

let tmp: string;
let server: ReferenceServer;
let env: Record<string, string>;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-books-'));
  const data = await copySamples(join(tmp, 'data'));
  const sample = async (name: string) => JSON.parse(await readFile(join(data, 'invoices', name), 'utf8')) as Record<string, any>;
  const write = (file: string, json: unknown) => writeFile(join(data, 'invoices', file), JSON.stringify(json, null, 2));
  const fjord = await sample('fjordline-2026-10.json');
  const kattegat = await sample('kattegat-2026-10.json');
  const german = { ...fjord.buyer, legal_name: 'Rhein "Daten", GmbH', country: 'Deutschland', vat: 'DE 812 345 673', payment_reference: 'RD-1' };
  const eur = (n: number, number: string, issued: string, sub: number, usage: number, buyer: Record<string, unknown>) => ({
    ...fjord, id: uuid(n), invoice_number: number, issued_at: `${issued}T09:00:00+00:00`, due_at: '2026-12-20', buyer,
    subscription_subtotal_cents: sub, usage_subtotal_cents: usage, subtotal_cents: sub + usage, vat_cents: 0, total_cents: sub + usage,
    lines: [
      { sort_order: 10, kind: 'subscription', description: 'Service Core Small, October 2026', quantity: 1, unit_price_cents: sub, line_total_cents: sub },
      ...(usage ? [{ sort_order: 20, kind: 'usage', description: 'Model usage, October 2026', quantity: 1, unit_price_cents: usage, line_total_cents: usage }] : []),
    ],
  });
  // EU reverse charge (a service to a German business), EUR: its rate is that of the period's end, 31 October (Friday's 7.4610),
  // the day its VAT became chargeable (momsloven § 23, stk. 5; § 25 a), which is also its VAT period's and its voucher's day.
  // 800.00 × 7.4610 = 5,968.80; 200.00 × 7.4610 = 1,492.20; net 7,461.00 DKK.
  await write('fjordline-rc-1.json', eur(201, '2026-0153', '2026-11-04', 80000, 20000, german));
  // The same buyer invoiced on 1 December for October (its VAT still October's): 123.45 × 7.4610 = 921.06045 → 921.06 DKK.
  await write('fjordline-rc-2.json', eur(202, '2026-0155', '2026-12-01', 12345, 0, { ...german, payment_reference: 'RD-2' }));
  // A French business in DKK: 2,000.00 DKK, no conversion.
  await write('fjordline-rc-3.json', {
    ...eur(203, '2026-0156', '2026-11-05', 200000, 0, { ...fjord.buyer, legal_name: 'Lyon Données SAS', country: 'France', vat: 'FR40303265045', payment_reference: 'LD-1' }),
    currency: 'DKK', usd_dkk_rate: null,
  });
  // A held-back invoice (its total is not net + VAT): not booked, nor the credit note the run makes of it.
  await write('kattegat-wrong.json', { ...kattegat, id: uuid(204), invoice_number: '2026-0157', issued_at: '2026-11-04T09:00:00+00:00', total_cents: kattegat.total_cents + 1, buyer: { ...kattegat.buyer, payment_reference: 'KD-9' } });
  await writeFile(join(tmp, 'eurofxref-hist.csv'), ECB);
  server = await startReferenceServer({ dataDir: data });
  const made = configFor(server.url, await readTokens(data));
  env = made.env;
  const config = { ...made.config, credit_notes: { prefix: 'KN-', next: 1 }, books: { vat_period: 'month', accounts: { debtors: '1100' } } };
  await writeFile(join(tmp, 'runs.json'), JSON.stringify(config));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const svc = (argv: string[]) => svcInProcess(argv, env, { cwd: tmp });

type Row = JournalRow;

const ore = journalOre;

describe('the month into the books (with a rates file)', () => {
  let dir: string;
  let rows: Row[];
  let vat: Record<string, any>;
  let manifest: Manifest;
  beforeAll(async () => {
    const r = await svc(['month-end', '--config', 'runs.json', '--out', join(tmp, 'out'), '--month', '2026-10', '--rates', 'eurofxref-hist.csv', '--credit-note-date', '2026-11-20']);
    // 3: an invoice is held back.
    expect(r.code, r.stderr).toBe(3);
    dir = join(tmp, 'out', '2026-10');
    rows = readJournal(join(dir, 'books', 'journal.csv'));
    vat = JSON.parse(await readFile(join(dir, 'books', 'vat-return.json'), 'utf8'));
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  }, 240_000);

  it('books a voucher per issued invoice, dated by the day its VAT became chargeable, each balancing to the øre', () => {
    const vouchers = [...new Set(rows.map((r) => r.voucher))];
    // The EU reverse-charge services of October are dated 31 October (the period's end), the others by their invoice dates.
    expect(vouchers).toEqual(['2026-0153', '2026-0155', '2026-0156', '2026-0142', '2026-0143', '2026-0144']);
    for (const v of vouchers) expect(rows.filter((r) => r.voucher === v).reduce((a, r) => a + ore(r.amount_dkk), 0n), v).toBe(0n);
    for (const v of ['2026-0153', '2026-0155', '2026-0156']) expect(rows.filter((r) => r.voucher === v).every((r) => r.date === '2026-10-31'), v).toBe(true);
    expect(rows.filter((r) => r.voucher === '2026-0142').every((r) => r.date === '2026-11-03')).toBe(true);
  });

  it('posts debtor, revenue per category and output VAT to the configured and standard accounts', () => {
    const of = (v: string) => rows.filter((r) => r.voucher === v).map((r) => [r.account, r.amount_dkk, r.vat_code, r.currency, r.amount_currency]);
    // nordlys-2026-10.json: total 31,740.28; plan 16,394.00 (12,500 + 2,394 + 1,500), usage 8,458.22, dev overage 540.00; VAT 6,348.06.
    expect(of('2026-0142')).toEqual([
      ['1100', '31740.28', '', 'DKK', '31740.28'],
      ['1010', '-16394.00', 'U25', 'DKK', '-16394.00'],
      ['1010', '-8458.22', 'U25', 'DKK', '-8458.22'],
      ['1010', '-540.00', 'U25', 'DKK', '-540.00'],
      ['7680', '-6348.06', 'U25', 'DKK', '-6348.06'],
    ]);
    // EU reverse charge in EUR at 7.4610: 800.00 → 5,968.80; 200.00 → 1,492.20; no VAT line.
    expect(of('2026-0153')).toEqual([
      ['1100', '7461.00', '', 'EUR', '1000.00'],
      ['1150', '-5968.80', 'UEUY', 'EUR', '-800.00'],
      ['1150', '-1492.20', 'UEUY', 'EUR', '-200.00'],
    ]);
    // Outside the EU (a UK business), EUR at 3 November's 7.4604: 1,350.00 → 10,071.54; 746.12 → 5,566.3536 → 5,566.35.
    expect(of('2026-0143')).toEqual([
      ['1100', '15637.89', '', 'EUR', '2096.12'],
      ['1200', '-10071.54', 'UY0', 'EUR', '-1350.00'],
      ['1200', '-5566.35', 'UY0', 'EUR', '-746.12'],
    ]);
  });

  it('keeps text from the API as data (quoted per RFC 4180, read back whole), and names the rate a foreign invoice is posted at', () => {
    const debtor = rows.find((r) => r.voucher === '2026-0153' && r.account === '1100')!;
    // Dated by the day its VAT became chargeable, not its invoice date: the text names both.
    expect(debtor.text).toBe('Faktura 2026-0153, Rhein "Daten", GmbH; fakturadato 04.11.2026, dateret 31.10.2026, hvor momspligten indtrådte; EUR til 7,4610 DKK, ECB\'s referencekurs (eurofxref-hist.csv), 30.10.2026');
    expect(rows.find((r) => r.voucher === '2026-0142' && r.account === '1100')!.text).toBe('Faktura 2026-0142, Nordlys Analytics ApS');
    expect(rows.every((r) => !/^[=+\-@]/.test(r.text))).toBe(true);
  });

  it('books nothing of a void or held-back invoice, nor of its credit note, and says why', () => {
    expect(rows.some((r) => r.voucher === '2026-0131' || r.voucher === '2026-0157' || r.voucher.startsWith('KN-'))).toBe(false);
    const notBooked = [...vat.not_booked].sort((a: any, b: any) => (a.invoice_number < b.invoice_number ? -1 : 1));
    expect(notBooked).toEqual([
      { org_id: 'org-nordlys', invoice_number: '2026-0131', reason: 'void', currency: 'DKK', total_cents: 3273778, credit_note: expect.stringMatching(/^KN-\d+$/) },
      { org_id: 'org-kattegat', invoice_number: '2026-0157', reason: 'held_back', currency: 'DKK', total_cents: 5521686, credit_note: expect.stringMatching(/^KN-\d+$/) },
    ]);
  });

  it('foots to the run\'s totals on summary.md to the øre', async () => {
    const md = await readFile(join(dir, 'summary.md'), 'utf8');
    const allInDkk = /\| \*\*Alt i DKK\*\* \| \d+ \| \| \| \*\*([\d.]+,\d\d) DKK\*\* \|/.exec(md)![1]!;
    const debtors = rows.filter((r) => r.account === '1100').reduce((a, r) => a + ore(r.amount_dkk), 0n);
    // By hand: 31,740.28 + 55,216.85 + 15,637.89 (EUR at 7.4604) + 7,461.00 + 921.06 (EUR at 7.4610) + 2,000.00.
    expect(debtors).toBe(3174028n + 5521685n + 1563789n + 746100n + 92106n + 200000n);
    expect(debtors).toBe(BigInt(allInDkk.replace(/\./g, '').replace(',', '')));
    // The DKK row: net and VAT of the DKK invoices, as the journal's DKK vouchers post them.
    const dkkRow = md.split('\n').find((l) => l.startsWith('| DKK |'))!.split('|').map((c) => c.trim());
    const dkk = rows.filter((r) => r.currency === 'DKK');
    const sum = (p: (r: Row) => boolean) => -dkk.filter(p).reduce((a, r) => a + ore(r.amount_dkk), 0n);
    expect(sum((r) => r.account === '7680')).toBe(BigInt(dkkRow[4]!.replace(/[.\sDKK]/g, '').replace(',', '')));
    expect(sum((r) => r.account === '1010' || r.account === '1150')).toBe(BigInt(dkkRow[3]!.replace(/[.\sDKK]/g, '').replace(',', '')));
  });

  it('fills the VAT return per month by the day VAT became chargeable: salgsmoms, rubrik B ydelser, rubrik C, the EU sales list, in øre and whole kroner', () => {
    // The reverse-charge services of October (issued 4 and 5 November and 1 December) are October's; the others November's, by invoice date.
    expect(vat.periods.map((p: any) => [p.period, p.from, p.to])).toEqual([['2026-10', '2026-10-01', '2026-10-31'], ['2026-11', '2026-11-01', '2026-11-30']]);
    const [oct, nov] = vat.periods;
    // Salgsmoms: 6,348.06 (2026-0142) + 11,043.37 (2026-0144) = 17,391.43; whole kroner 17,391 (øre disregarded).
    expect(nov.sales_vat).toEqual({ ore: 1739143, kroner: 17391, invoices: ['2026-0142', '2026-0144'] });
    // Rubrik B – ydelser: 7,461.00 + 921.06 + 2,000.00 = 10,382.06, all October's.
    expect(oct.box_b_services).toEqual({ ore: 1038206, kroner: 10382, invoices: ['2026-0153', '2026-0156', '2026-0155'] });
    expect(nov.box_b_services).toEqual({ ore: 0, kroner: 0, invoices: [] });
    // Rubrik C: the UK business, 15,637.89 (outside the EU: its invoice date, 3 November).
    expect(nov.box_c).toEqual({ ore: 1563789, kroner: 15637, invoices: ['2026-0143'] });
    expect(oct.eu_sales).toEqual([
      { vat_number: 'DE812345673', country: 'DE', services: { ore: 838206, kroner: 8382, invoices: ['2026-0153', '2026-0155'] } },
      { vat_number: 'FR40303265045', country: 'FR', services: { ore: 200000, kroner: 2000, invoices: ['2026-0156'] } },
    ]);
    expect(nov.eu_sales).toEqual([]);
    expect(oct.sales_vat.ore).toBe(0);
    // The EU sales list per month: October's only.
    expect(vat.eu_sales_by_month.map((m: any) => m.month)).toEqual(['2026-10']);
    // Each invoice whose VAT period is not its invoice date's, named with both days.
    expect(vat.chargeable_other_day).toEqual([
      { org_id: 'org-fjordline', invoice_number: '2026-0153', invoice_date: '2026-11-04', chargeable_date: '2026-10-31', rule: 'end_of_period', period: '2026-10', invoice_date_period: '2026-11' },
      { org_id: 'org-fjordline', invoice_number: '2026-0155', invoice_date: '2026-12-01', chargeable_date: '2026-10-31', rule: 'end_of_period', period: '2026-10', invoice_date_period: '2026-12' },
      { org_id: 'org-fjordline', invoice_number: '2026-0156', invoice_date: '2026-11-05', chargeable_date: '2026-10-31', rule: 'end_of_period', period: '2026-10', invoice_date_period: '2026-11' },
    ]);
    // The run's whole: the EU sales list adds the German buyer's two invoices.
    expect(vat.eu_sales[0]).toEqual({ vat_number: 'DE812345673', country: 'DE', services: { ore: 838206, kroner: 8382, invoices: ['2026-0153', '2026-0155'] } });
    // Each box foots to the journal: salgsmoms to the VAT lines, rubrik B to the EU revenue, rubrik C to the non-EU revenue.
    const postings = (account: string) => -rows.filter((r) => r.account === account).reduce((a, r) => a + ore(r.amount_dkk), 0n);
    expect(BigInt(vat.sales_vat.ore)).toBe(postings('7680'));
    expect(BigInt(vat.box_b_services.ore)).toBe(postings('1150'));
    expect(BigInt(vat.box_c.ore)).toBe(postings('1200'));
    expect(vat.eu_sales.reduce((a: bigint, e: any) => a + BigInt(e.services.ore), 0n)).toBe(BigInt(vat.box_b_services.ore));
  });

  it('shows the same figures on summary.md and index.html', async () => {
    const md = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(md).toContain('### Momsperiode 2026-10 (01.10.2026 – 31.10.2026)');
    expect(md).toContain('### Momsperiode 2026-11 (01.11.2026 – 30.11.2026)');
    expect(md).toContain('| Salgsmoms | 17.391,43 DKK | 17.391 | 2026-0142, 2026-0144 |');
    expect(md).toContain('| Rubrik B – ydelser: EU-salg uden moms | 10.382,06 DKK | 10.382 | 2026-0153, 2026-0156, 2026-0155 |');
    expect(md).toContain('| Rubrik C: andet salg uden dansk moms | 15.637,89 DKK | 15.637 | 2026-0143 |');
    expect(md).toContain('| DE812345673 | DE | 8.382,06 DKK | 8.382 | 2026-0153, 2026-0155 |');
    expect(md).toContain('- 2026-0155 (org-fjordline), fakturadato 01.12.2026, hører til momsperiode 2026-10, ikke 2026-12: momspligten indtrådte på periodens sidste dag 31.10.2026');
    // The page as Chromium builds it: the tables of the VAT section, cell by cell.
    const browser = await launch();
    try {
      const { page, incidents } = await openFile(browser, join(dir, 'index.html'));
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll('table.vat')].map((t) => [...(t as HTMLTableElement).rows].map((r) => [...r.cells].map((c) => (c as HTMLElement).innerText.trim()))),
      );
      // October's boxes, its EU sales list, and November's boxes (November has no EU sales).
      expect(tables).toHaveLength(3);
      expect(tables[0]!.slice(1)).toEqual([
        ['Salgsmoms', '0,00 DKK', '0', '–'],
        ['Rubrik B – ydelser: EU-salg uden moms', '10.382,06 DKK', '10.382', '2026-0153, 2026-0156, 2026-0155'],
        ['Rubrik C: andet salg uden dansk moms', '0,00 DKK', '0', '–'],
      ]);
      expect(tables[1]!.slice(1)).toEqual([['DE812345673', 'DE', '8.382,06 DKK', '8.382', '2026-0153, 2026-0155'], ['FR40303265045', 'FR', '2.000,00 DKK', '2.000', '2026-0156']]);
      expect(tables[2]!.slice(1)).toEqual([
        ['Salgsmoms', '17.391,43 DKK', '17.391', '2026-0142, 2026-0144'],
        ['Rubrik B – ydelser: EU-salg uden moms', '0,00 DKK', '0', '–'],
        ['Rubrik C: andet salg uden dansk moms', '15.637,89 DKK', '15.637', '2026-0143'],
      ]);
      // Both files are linked from the page, relative to the month folder.
      const links = await page.evaluate(() => [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')));
      expect(links).toEqual(expect.arrayContaining(['books/journal.csv', 'books/vat-return.json']));
      expect(incidents).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('lists both files in the manifest with their sha256', async () => {
    for (const path of ['books/journal.csv', 'books/vat-return.json']) {
      const f = manifest.files.find((x) => x.path === path)!;
      expect(f.sha256).toBe(createHash('sha256').update(await readFile(join(dir, path))).digest('hex'));
    }
  });

  it('writes the same bytes on a rerun and on worker threads', async () => {
    const before = await readFile(join(dir, 'books', 'journal.csv'));
    const vatBefore = await readFile(join(dir, 'books', 'vat-return.json'));
    const again = await svc(['month-end', '--config', 'runs.json', '--out', join(tmp, 'out'), '--month', '2026-10', '--rates', 'eurofxref-hist.csv', '--credit-note-date', '2026-11-20']);
    expect(again.code, again.stderr).toBe(3);
    expect(await readFile(join(dir, 'books', 'journal.csv'))).toEqual(before);
    expect(await readFile(join(dir, 'books', 'vat-return.json'))).toEqual(vatBefore);
    const r = await svc(['month-end', '--config', 'runs.json', '--out', join(tmp, 'threads'), '--month', '2026-10', '--rates', 'eurofxref-hist.csv', '--credit-note-date', '2026-11-20', '--threads', '1']);
    expect(r.code, r.stderr).toBe(3);
    expect(await readFile(join(tmp, 'threads', '2026-10', 'books', 'journal.csv'))).toEqual(before);
    expect(await readFile(join(tmp, 'threads', '2026-10', 'books', 'vat-return.json'))).toEqual(vatBefore);
  }, 240_000);
});

describe('the month into the books (no rates file)', () => {
  it('books no invoice without a rate and says so in its box, the figure not guessed', async () => {
    const r = await svc(['month-end', '--config', 'runs.json', '--out', join(tmp, 'norates'), '--month', '2026-10', '--credit-note-date', '2026-11-20']);
    expect(r.code, r.stderr).toBe(3);
    const dir = join(tmp, 'norates', '2026-10');
    const rows = readJournal(join(dir, 'books', 'journal.csv'));
    // 2026-0156, a reverse-charged service of October in DKK, is dated 31 October.
    expect([...new Set(rows.map((r) => r.voucher))]).toEqual(['2026-0156', '2026-0142', '2026-0144']);
    const vat = JSON.parse(await readFile(join(dir, 'books', 'vat-return.json'), 'utf8'));
    const [oct, nov] = vat.periods;
    expect(oct.box_b_services).toEqual({ ore: null, kroner: null, invoices: ['2026-0156'], missing_rate: ['2026-0153', '2026-0155'], converted_ore: 200000 });
    expect(nov.box_c).toEqual({ ore: null, kroner: null, invoices: [], missing_rate: ['2026-0143'], converted_ore: 0 });
    expect(vat.not_booked.filter((n: any) => n.reason === 'no_rate').map((n: any) => n.invoice_number).sort()).toEqual(['2026-0143', '2026-0153', '2026-0155']);
    const md = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(md).toContain('| Rubrik C: andet salg uden dansk moms | ukendt | – | – (ukendt: 2026-0143 har ingen kurs til DKK) |');
  }, 240_000);
});
