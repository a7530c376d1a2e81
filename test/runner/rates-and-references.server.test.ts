import { execFileSync } from 'node:child_process';
// A month end as an accountant gets it, over real HTTP from the reference server: every figure
// not in DKK has its DKK, rate, source and day on the workbook, summary.md and index.html (from
// a rates file in the ECB's or Nationalbanken's format, `svc month-end --rates`), a payment
// reference matches one invoice (within an organization, across organizations, and against the
// previous month's manifest), and every category is its lines. Read back with readers nobody here
// wrote: SheetJS for the workbook, pdftotext for the PDF, @xmldom for the e-invoice; expected
// figures from the records and the rates file, worked by hand (Python's decimal for the products).
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import type { Manifest, InvoiceEntry } from '../../src/runner/manifest/manifest.js';
import { readBook, rowsOf } from '../report/_read.js';
import { pdftotext } from '../invoice/_poppler.js';
import { parseXml, text } from '../einvoice/_ubl.js';
import { configFor, copySamples, readTokens, svcInProcess } from '../_harness/index.js';

// The ECB's layout (eurofxref-hist.csv): newest first, per 1 EUR, a trailing comma. 31 October
// and 1 November 2026 are a weekend: nothing was set.
const ECB = `Date,USD,JPY,DKK,GBP,
2026-11-06,1.0882,164.10,7.4606,0.8401,
2026-11-05,1.0890,164.20,7.4601,0.8399,
2026-11-04,1.0879,164.00,7.4603,0.8398,
2026-11-03,1.0873,163.90,7.4604,0.8397,
2026-11-02,1.0860,163.80,7.4608,0.8391,
2026-10-30,1.0851,163.70,7.4610,0.8385,
2026-10-29,1.0842,163.60,7.4611,0.8380,
2026-10-28,1.0839,163.50,7.4612,0.8379,
`;
// Danmarks Nationalbank's XML, DKK per 100 units (Danish decimal comma).
const NATIONALBANK = `<?xml version="1.0" encoding="utf-8"?>
<exchangerates type="Valutakurser" author="Danmarks Nationalbank" refcur="DKK" refamt="1">
  <dailyrates id="2026-11-05"><currency code="USD" desc="Amerikanske dollar" rate="685,06"/><currency code="EUR" desc="Euro" rate="746,01"/></dailyrates>
  <dailyrates id="2026-11-04"><currency code="USD" desc="Amerikanske dollar" rate="685,75"/><currency code="EUR" desc="Euro" rate="746,03"/></dailyrates>
  <dailyrates id="2026-11-03"><currency code="USD" desc="Amerikanske dollar" rate="686,15"/><currency code="EUR" desc="Euro" rate="746,04"/></dailyrates>
  <dailyrates id="2026-10-30"><currency code="USD" desc="Amerikanske dollar" rate="687,59"/><currency code="EUR" desc="Euro" rate="746,10"/></dailyrates>
</exchangerates>`;

// FI payment lines, their modulus-10 check digits worked by hand (2,1,… from the right, digit sums).
const LINE_A = '+71<000000001420009+85109074<'; // 00000000142000: 11 → 9
const LINE_B = '+71<000000000980003+85109074<'; // 00000000098000: 17 → 3
const LINE_C = '+71<000000007770001+85109074<'; // 00000000777000: 19 → 1

let tmp: string;
let data: string;
let server: ReferenceServer;
let env: Record<string, string>;
let configPath: string;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function sample(name: string): Promise<Record<string, any>> {
  return JSON.parse(await readFile(join(data, 'invoices', name), 'utf8'));
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-rates-refs-'));
  data = await copySamples(join(tmp, 'data'));
  const fjord = await sample('fjordline-2026-10.json');
  const kattegat = await sample('kattegat-2026-10.json');
  const nordlysSep = await sample('nordlys-2026-09.json');
  const nordlysOct = await sample('nordlys-2026-10.json');
  const write = (file: string, json: unknown) => writeFile(join(data, 'invoices', file), JSON.stringify(json, null, 2));
  // The previous month's invoice and this month's share a payment line (B).
  nordlysSep.buyer.payment_reference = LINE_B;
  nordlysOct.buyer.payment_reference = LINE_B;
  await write('nordlys-2026-09.json', nordlysSep);
  await write('nordlys-2026-10.json', nordlysOct);
  // The void invoice this month asks for no payment: sharing line B with it is no finding, either way.
  const nordlysVoid = await sample('nordlys-2026-10-void.json');
  nordlysVoid.buyer.payment_reference = LINE_B;
  await write('nordlys-2026-10-void.json', nordlysVoid);
  // Kattegat's invoice and one of Fjordline's share line C (two organizations).
  kattegat.buyer.payment_reference = LINE_C;
  await write('kattegat-2026-10.json', kattegat);
  const small = (n: number, number: string, issued: string, fields: Record<string, unknown>) => ({
    ...kattegat, id: uuid(n), invoice_number: number, issued_at: `${issued}T09:00:00+00:00`, due_at: '2026-12-01',
    lines: [
      { sort_order: 10, kind: 'subscription', description: 'Service Core Small', quantity: 1, unit_price_cents: 120000, line_total_cents: 120000 },
      { sort_order: 20, kind: 'usage', description: 'Forbrug af sprogmodeller', quantity: 1, unit_price_cents: 19517, line_total_cents: 19517 },
      { sort_order: 30, kind: 'dev_overage', description: 'Dev-overforbrug', quantity: 1, unit_price_cents: 8733, line_total_cents: 8733 },
    ],
    // The plan subtotal holds the dev overage: 1,200.00 + 87.33 = 1,287.33; net 1,482.50; VAT 25 % = 370.625 → 370.63.
    subscription_subtotal_cents: 128733, usage_subtotal_cents: 19517, subtotal_cents: 148250, vat_cents: 37063, total_cents: 185313,
    ...fields,
  });
  // Two Kattegat invoices asking for the same FI line (A): the second shares the first's.
  await write('kattegat-extra-1.json', small(101, '2026-0150', '2026-11-04', { buyer: { ...kattegat.buyer, payment_reference: LINE_A } }));
  await write('kattegat-extra-2.json', small(102, '2026-0151', '2026-11-05', { buyer: { ...kattegat.buyer, payment_reference: LINE_A } }));
  const fjordBuyer = fjord.buyer;
  const zero = { vat_rate_bps: 0, vat_cents: 0, total_cents: 148250 };
  // Fjordline: a DKK invoice with line C (to the UK, outside the scope of Danish VAT) ...
  await write('fjordline-extra-dkk.json', small(103, '2026-0152', '2026-11-04', { org_id: 'org-fjordline', language: 'en', ...zero, buyer: { ...fjordBuyer, payment_reference: LINE_C } }));
  // ... an EUR invoice to a German business (reverse charge: its day is the period's end, 31 October, a Saturday) ...
  await write('fjordline-extra-eur.json', {
    ...fjord, id: uuid(104), invoice_number: '2026-0153', issued_at: '2026-11-04T09:00:00+00:00',
    buyer: { ...fjordBuyer, legal_name: 'Rhein Daten GmbH', address_line1: 'Hafenstraße 1', address_line2: '', postal_code: '50667', city: 'Köln', country: 'Deutschland', vat: 'DE123456789', payment_reference: 'RD-4711' },
    subscription_subtotal_cents: 100000, usage_subtotal_cents: 0, subtotal_cents: 100000, total_cents: 100000,
    lines: [{ sort_order: 10, kind: 'subscription', description: 'Service Core Small, October 2026', quantity: 1, unit_price_cents: 100000, line_total_cents: 100000 }],
  });
  // ... and a USD invoice without a rate of its own, to a Norwegian business.
  await write('fjordline-extra-usd.json', {
    ...fjord, id: uuid(105), invoice_number: '2026-0154', currency: 'USD', usd_dkk_rate: null, issued_at: '2026-11-05T09:00:00+00:00',
    buyer: { ...fjordBuyer, legal_name: 'Nordkapp Havbruk AS', address_line1: 'Strandgata 5', address_line2: '', postal_code: '9600', city: 'Hammerfest', country: 'Norge', vat: 'NO923456783MVA', payment_reference: 'NH-2026-10' },
    subscription_subtotal_cents: 50000, usage_subtotal_cents: 0, subtotal_cents: 50000, total_cents: 50000,
    lines: [{ sort_order: 10, kind: 'subscription', description: 'Service Core Small, October 2026', quantity: 1, unit_price_cents: 50000, line_total_cents: 50000 }],
  });
  await writeFile(join(tmp, 'eurofxref-hist.csv'), ECB);
  await writeFile(join(tmp, 'nationalbank.xml'), NATIONALBANK);
  server = await startReferenceServer({ dataDir: data });
  const made = configFor(server.url, await readTokens(data));
  env = made.env;
  configPath = join(tmp, 'runs.json');
  await writeFile(configPath, JSON.stringify(made.config));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const svc = (argv: string[]) => svcInProcess(argv, env, { cwd: tmp });
const manifestOf = async (out: string, month: string) => JSON.parse(await readFile(join(out, month, 'manifest.json'), 'utf8')) as Manifest;
const entry = (m: Manifest, number: string): InvoiceEntry => m.organizations.flatMap((o) => o.invoices).find((i) => i.invoice_number === number)!;
const codes = (i: InvoiceEntry) => (i.findings ?? []).map((f) => f.code);

describe('svc month-end --rates (ECB reference rates)', () => {
  let out: string;
  let manifest: Manifest;
  beforeAll(async () => {
    out = join(tmp, 'ecb');
    expect((await svc(['month-end', '--config', 'runs.json', '--out', out, '--month', '2026-09'])).code).toBe(0);
    const r = await svc(['month-end', '--config', 'runs.json', '--out', out, '--month', '2026-10', '--rates', 'eurofxref-hist.csv']);
    expect(r.stderr).not.toMatch(/error/i);
    manifest = await manifestOf(out, '2026-10');
  }, 240_000);

  it('states each invoice not in DKK in DKK at the rate of the day its VAT became chargeable, with the rate, source and day', () => {
    // 2026-0143, EUR to a UK business, invoiced 3 November: 2,096.12 × 7.4604 = 15,637.893… → 15,637.89.
    const eur = entry(manifest, '2026-0143');
    expect(eur.dkk).toMatchObject({ source: 'ecb', dkk: '7.4604', per: '1', rate_date: '2026-11-03', chargeable_date: '2026-11-03', chargeable_rule: 'invoice_date', rates_file: 'eurofxref-hist.csv', total_cents: 1563789 });
    // 2026-0153, EUR reverse charge: chargeable at the period's end, 31 October (a Saturday): Friday's 7.4610. 1,000.00 × 7.4610 = 7,461.00.
    const rc = entry(manifest, '2026-0153');
    expect(rc.dkk).toMatchObject({ source: 'ecb', dkk: '7.4610', rate_date: '2026-10-30', chargeable_date: '2026-10-31', chargeable_rule: 'end_of_period', total_cents: 746100 });
    // 2026-0154, USD without usd_dkk_rate, invoiced 5 November: 500.00 × 7.4601 / 1.0890 = 3,425.2066… → 3,425.21.
    const usd = entry(manifest, '2026-0154');
    expect(usd.dkk).toMatchObject({ source: 'ecb', dkk: '7.4601', per: '1.0890', rate_date: '2026-11-05', total_cents: 342521 });
    expect(manifest.options.rates).toMatchObject({ name: 'eurofxref-hist.csv', path: 'exchange-rates.csv', source: 'ecb', last_day: '2026-11-06' });
    expect(existsSync(join(out, '2026-10', 'exchange-rates.csv'))).toBe(true);
  });

  it('adds them to "all in DKK": each issued invoice\'s DKK total, summed by hand', async () => {
    // Issued and not held back: 2026-0151 and 2026-0142 share a payment reference with an earlier invoice, so they count in no total.
    const issued = manifest.organizations.flatMap((o) => o.invoices).filter((i) => i.status === 'issued' && !i.held_back);
    expect(manifest.organizations.flatMap((o) => o.invoices).filter((i) => i.held_back).map((i) => i.invoice_number).sort()).toEqual(['2026-0142', '2026-0151']);
    const byHand = issued.reduce((a, i) => a + (i.currency === 'DKK' ? i.total_cents : { '2026-0143': 1563789, '2026-0153': 746100, '2026-0154': 342521 }[i.invoice_number]!), 0);
    expect(manifest.figures!.in_dkk.total_cents).toBe(byHand);
    expect(manifest.figures!.in_dkk.not_converted).toEqual([]);
  });

  it('shows the DKK, rate, source and day in summary.md, and how the rate was taken', async () => {
    const md = await readFile(join(out, '2026-10', 'summary.md'), 'utf8');
    const row = (number: string) => md.split('\n').find((l) => l.startsWith(`| ${number} |`))!.split('|').map((c) => c.trim());
    // The run's summary is in Danish, the language of most of its organizations.
    expect(row('2026-0143').slice(8, 12)).toEqual(['15.637,89 DKK', '7,4604', 'ECB\'s referencekurs (eurofxref-hist.csv)', '03.11.2026']);
    expect(row('2026-0153').slice(8, 12)).toEqual(['7.461,00 DKK', '7,4610', 'ECB\'s referencekurs (eurofxref-hist.csv)', '30.10.2026']);
    // 7.4601 / 1.0890 = 6.85041322… shown to 6 decimals.
    expect(row('2026-0154').slice(8, 12)).toEqual(['3.425,21 DKK', '6,850413', 'ECB\'s referencekurs (eurofxref-hist.csv)', '05.11.2026']);
    expect(md).toContain('- 2026-0153: ECB\'s referencekurs (7,4610 DKK pr. EUR) offentliggjort 30.10.2026 i eurofxref-hist.csv: den senest offentliggjorte på periodens sidste dag 31.10.2026, hvor ydelsen er leveret og momspligten indtræder (momsloven § 25 a og § 23, stk. 5), som momsbekendtgørelsen § 97, stk. 4 kræver.');
    expect(md).toContain('- 2026-0154: ECB\'s referencekurs (7,4601 DKK/EUR ÷ 1,0890 USD/EUR) offentliggjort 05.11.2026');
    // The usage behind Nordlys' cost: its USD (1,234.56, the samples' October) at the service's stored rate of the month (dataset.json: 6.8512).
    expect(md).toContain('Forbruget er 1.234,56 USD til 6,8512 DKK pr. USD, tjenestens gemte kurs for oktober 2026 (monthly-usage: dkk\\_spend ÷ usd\\_spend).');
    // Kattegat's USD with every decimal the service gave (usage.csv's October), so USD × rate is the DKK shown:
    // 144.132351 × 6.8512 = 987.4796, 987.48 DKK (by hand); rounded to 144.13 it would give 987.46.
    expect(md).toContain('Forbruget er 144,132351 USD til 6,8512 DKK pr. USD');
    const costRows = md.slice(0, md.indexOf('Forbruget er 144,132351')).split('\n').filter((l) => l.startsWith('| Forbrug |'));
    expect(costRows.at(-1)).toBe('| Forbrug | 987,48 DKK |');
  });

  it('shows them on index.html beside each total, with the rate\'s source and day', async () => {
    const html = await readFile(join(out, '2026-10', 'index.html'), 'utf8');
    expect(html).toContain('<span class="cur dkk">= 15.637,89 DKK</span>');
    expect(html).toContain('<p class="rate">2026-0154: 3.425,21 DKK (6,850413). ECB&#39;s referencekurs (7,4601 DKK/EUR ÷ 1,0890 USD/EUR) offentliggjort 05.11.2026');
  });

  it('gives the workbook\'s Invoices sheet the DKK, rate, source and day; its categories foot to the net', async () => {
    const book = readBook(await readFile(join(out, '2026-10', 'org-fjordline', 'cost-2026-10.xlsx')));
    const rows = rowsOf(book, 'Invoices');
    const h = rows[0] as string[];
    const at = (number: string, name: string) => rows.find((r) => r[0] === number)![h.indexOf(name)];
    expect([at('2026-0143', 'Total incl. VAT (DKK)'), at('2026-0143', 'Rate (DKK per unit)'), at('2026-0143', 'Rate source')]).toEqual([15637.89, 7.4604, 'ECB reference rate (eurofxref-hist.csv)']);
    expect(at('2026-0154', 'Total incl. VAT (DKK)')).toBe(3425.21);
    expect(at('2026-0154', 'Rate (DKK per unit)')).toBe(6.850413);
    // The plan subtotal of 2026-0152 holds its dev overage: the columns are the lines, 1,200.00 + 195.17 + 87.33 = 1,482.50, its net.
    expect(['Subscription', 'Usage', 'Dev overage', 'Net excl. VAT'].map((n) => at('2026-0152', n))).toEqual([1200, 195.17, 87.33, 1482.5]);
    const day = book.Sheets.Invoices![`S${rows.findIndex((r) => r[0] === '2026-0153') + 1}`]!;
    expect(day.t).toBe('n'); // a date cell: 30 October 2026
    expect(new Date(Math.round((Number(day.v) - 25569) * 86400000)).toISOString().slice(0, 10)).toBe('2026-10-30');
  });

  it('asks for a reference no other invoice has: in one organization, across organizations, and against last month', async () => {
    // Kattegat's 2026-0151 asks for line A, as its 2026-0150 does (found before its documents are made).
    expect(codes(entry(manifest, '2026-0150'))).not.toContain('payment_id_shared');
    expect(codes(entry(manifest, '2026-0151'))).toContain('payment_id_shared');
    // Held back: its PDF marked NOT VALID with the reason, no e-invoice, in no total.
    expect(entry(manifest, '2026-0151')).toMatchObject({ held_back: true, einvoice: 'failed', einvoice_code: 'payment_id_shared' });
    const pdf = execFileSync('pdftotext', ['-layout', join(out, '2026-10', 'org-kattegat', 'invoice-2026-0151.pdf'), '-'], { encoding: 'utf8' });
    expect(pdf).toContain('IKKE GYLDIG');
    expect(pdf.replace(/\s+/g, ' ')).toContain('betalingsreferencen +71<000000001420009+85109074< er også faktura 2026-0150s');
    expect(entry(manifest, '2026-0151').findings!.find((f) => f.code === 'payment_id_shared')!.message).toContain('invoice 2026-0150 of this run');
    // Nordlys' October 2026-0142 asks for line B, as its September 2026-0098 did (the previous month's manifest);
    // its void 2026-0131 has line B too, but asks for no payment: neither names the other.
    expect(codes(entry(manifest, '2026-0131'))).not.toContain('payment_id_shared');
    expect(entry(manifest, '2026-0142').findings!.find((f) => f.code === 'payment_id_shared')!.message).toContain('invoice 2026-0098 of 2026-09 (org-nordlys)');
    // Kattegat's 2026-0144 asks for line C, as Fjordline's 2026-0152 does (the run's finish, across organizations).
    expect(codes(entry(manifest, '2026-0152'))).not.toContain('payment_id_shared');
    expect(entry(manifest, '2026-0144').findings!.find((f) => f.code === 'payment_id_shared')!.message).toContain('invoice 2026-0152 of this run (org-fjordline)');
    // Every other invoice is paid quoting its own number.
    expect(entry(manifest, '2026-0143').payment_id).toBe('2026-0143');
    const ids = manifest.organizations.flatMap((o) => o.invoices).map((i) => i.payment_id);
    expect(ids.filter((id) => id === LINE_A)).toHaveLength(2);

    // svc verify finds the mark across organizations again, as the run's finish does (each unit,
    // re-derived alone, cannot): the folder as made, nothing amiss. It used to report 12 differences.
    const month = join(out, '2026-10');
    const v = await svc(['verify', month]);
    expect(v.code, v.stdout + v.stderr).toBe(0);
    // A manifest whose mark was taken out is told apart, naming the invoice's findings.
    await cp(out, join(tmp, 'verify-unmarked'), { recursive: true });
    const copy = join(tmp, 'verify-unmarked', '2026-10');
    const edited = JSON.parse(await readFile(join(copy, 'manifest.json'), 'utf8')) as Manifest;
    const marked = entry(edited, '2026-0144');
    marked.findings = marked.findings!.filter((f) => f.code !== 'payment_id_shared');
    if (!marked.findings.length) delete marked.findings;
    await writeFile(join(copy, 'manifest.json'), JSON.stringify(edited, null, 2));
    const u = await svc(['verify', copy]);
    expect(u.code, u.stdout + u.stderr).toBe(1);
    expect(u.stdout + u.stderr).toMatch(/organizations\[org-kattegat\]\.invoices\[\d+\] \(2026-0144\): its findings' marks of a reference shared with another organization are \[\]; the run's invoices across organizations give .*payment_id_shared/);
  });

  it('prints the FI line as a payment line on the PDF, and each category as its lines', async () => {
    const pdf = pdftotext(await readFile(join(out, '2026-10', 'org-kattegat', 'invoice-2026-0150.pdf')), 'layout');
    expect(pdf).toMatch(/FI-betalingslinje: \+71<000000001420009\+85109074</);
    expect(pdf).toMatch(/Abonnement i alt\s+1\.200,00 DKK/);
    expect(pdf).toMatch(/Forbrug i alt\s+195,17 DKK/);
    expect(pdf).toMatch(/Dev-overforbrug i alt\s+87,33 DKK/);
    expect(pdf).toMatch(/Subtotal ekskl\. moms\s+1\.482,50 DKK/);
    expect(pdf).not.toContain('Oplys reference');
  });

  it('writes the e-invoice\'s PaymentID as the invoice number, the buyer\'s reference as BuyerReference', async () => {
    const doc = parseXml(await readFile(join(out, '2026-10', 'org-fjordline', 'invoice-2026-0153.xml'))).documentElement!;
    expect(text(doc, 'cac:PaymentMeans/cbc:PaymentID')).toBe('2026-0153');
    expect(text(doc, 'cbc:BuyerReference')).toBe('RD-4711');
  });
});

describe('svc month-end --rates (Danmarks Nationalbank)', () => {
  it('takes DKK per 100 units, and says which invoice has no rate for its day, and why', async () => {
    const out = join(tmp, 'nb');
    const r = await svc(['month-end', '--config', 'runs.json', '--out', out, '--month', '2026-10', '--rates', 'nationalbank.xml']);
    // The two invoices whose payment reference another already asks for are held back: exit 3.
    expect(r.code).toBe(3);
    const m = await manifestOf(out, '2026-10');
    // 2,096.12 × 746.04 / 100 = 15,637.893… → 15,637.89; 500.00 × 685.06 / 100 = 3,425.30.
    expect(entry(m, '2026-0143').dkk).toMatchObject({ source: 'nationalbank', dkk: '746.04', per: '100', rate_date: '2026-11-03', total_cents: 1563789 });
    expect(entry(m, '2026-0154').dkk).toMatchObject({ source: 'nationalbank', dkk: '685.06', per: '100', total_cents: 342530 });
    expect(entry(m, '2026-0153').dkk).toMatchObject({ rate_date: '2026-10-30', total_cents: 746100 });
    expect(m.options.rates).toMatchObject({ path: 'exchange-rates.xml', source: 'nationalbank', last_day: '2026-11-05' });
  }, 240_000);

  it('without a rates file: no DKK for EUR or USD without a rate, said on every surface, never guessed', async () => {
    const out = join(tmp, 'none');
    expect((await svc(['month-end', '--config', 'runs.json', '--out', out, '--month', '2026-10'])).code).toBe(3);
    const m = await manifestOf(out, '2026-10');
    expect(entry(m, '2026-0143').dkk).toMatchObject({ source: null, total_cents: null, missing: { code: 'no_rates' }, chargeable_date: '2026-11-03' });
    expect(m.figures!.in_dkk.not_converted).toEqual([{ currency: 'EUR', invoices: 2 }, { currency: 'USD', invoices: 1 }]);
    const md = await readFile(join(out, '2026-10', 'summary.md'), 'utf8');
    expect(md).toContain('- 2026-0153: Ingen kurs: fakturaen er i EUR uden egen kurs til DKK, og der er ikke givet nogen kursfil (svc month-end --rates FIL). Kursen skal være den senest offentliggjorte på periodens sidste dag 31.10.2026');
    expect(existsSync(join(out, '2026-10', 'exchange-rates.csv'))).toBe(false);
  }, 240_000);

  it('svc report cost --rates: the workbook alone, the same rate for the same invoice', async () => {
    const tokens = await readTokens(data);
    const token = tokens.orgs.find((o) => o.org_id === 'org-fjordline')!.token;
    const r = await svcInProcess(['report', 'cost', '--month', '2026-10', '-o', 'fjordline.xlsx', '--language', 'en', '--rates', 'eurofxref-hist.csv'], { SVC_BASE_URL: server.url, SVC_ORG_ID: 'org-fjordline', SVC_REPORTING_TOKEN: token }, { cwd: tmp });
    expect(r.code).toBe(0);
    const rows = rowsOf(readBook(await readFile(join(tmp, 'fjordline.xlsx'))), 'Invoices');
    const h = rows[0] as string[];
    const row = rows.find((x) => x[0] === '2026-0143')!;
    // 2,096.12 × 7.4604 (the ECB's DKK per EUR of 3 November) = 15,637.89, as in the month end.
    expect([row[h.indexOf('Total incl. VAT (DKK)')], row[h.indexOf('Rate (DKK per unit)')], row[h.indexOf('Rate source')]]).toEqual([15637.89, 7.4604, 'ECB reference rate (eurofxref-hist.csv)']);
    const bad = await svcInProcess(['report', 'cost', '--month', '2026-10', '-o', 'never.xlsx', '--rates', 'nowhere.csv'], { SVC_BASE_URL: server.url, SVC_ORG_ID: 'org-fjordline', SVC_REPORTING_TOKEN: token }, { cwd: tmp });
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, `svc: --rates: cannot read "${join(tmp, 'nowhere.csv')}" (ENOENT)`]);
    expect(existsSync(join(tmp, 'never.xlsx'))).toBe(false);
  });

  it('refuses a rates file it cannot read before anything is written: one line naming the flag, the file and the line, exit 2', async () => {
    await writeFile(join(tmp, 'bad.csv'), 'Date,USD,DKK,\n2026-11-03,1.0873,7.4604,\n2026-11-02,one,7.4608,\n');
    const out = join(tmp, 'bad');
    const r = await svc(['month-end', '--config', 'runs.json', '--out', out, '--month', '2026-10', '--rates', 'bad.csv']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('svc: --rates: bad.csv line 3: USD "one" is not a rate (a positive decimal number, or N/A)');
    expect(existsSync(join(out, '2026-10')) ? await readdir(join(out, '2026-10')) : []).toEqual([]);
    const missing = await svc(['month-end', '--config', 'runs.json', '--out', out, '--month', '2026-10', '--rates', 'nowhere.csv']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')[0]).toMatch(/^svc: --rates: cannot read ".*nowhere\.csv" \(ENOENT\)$/);
  });
});
