import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkInvoice, findingText, type InvoiceCheckFinding } from '../../src/index.js';
import type { InvoiceJson } from '../../src/model/index.js';
import { sample, variant } from '../invoice/_samples.js';

// Issue 36: the invoice check's findings in the page's language. Records that draw every code the
// check has, each sentence of every code (and every form of a code with several) said in Danish
// and English from the locale files, with the record's values in the language's own formats.

const K = 'kattegat-2026-10.json';
const at0 = (j: InvoiceJson, buyer: Partial<InvoiceJson['buyer']>) => void (Object.assign(j.buyer, { cvr: '', ean: '', ...buyer }), (j.vat_rate_bps = 0), (j.total_cents = j.subtotal_cents), (j.vat_cents = 0));
const RECORDS: Array<[string, () => ReturnType<typeof sample>]> = [
  ['line amount', () => variant(K, (j) => void (j.lines[0]!.line_total_cents += 100, j.lines[0]!.quantity = 1))],
  ['provider lines', () => variant(K, (j) => void (j.lines[4]!.line_total_cents += 7))],
  ['provider line first', () => variant(K, (j) => void (j.lines[0]!.kind = 'usage_provider'))],
  ['provider line under a plan', () => variant(K, (j) => void (j.lines[3]!.kind = 'subscription'))],
  ['subtotals', () => variant(K, (j) => void (j.subscription_subtotal_cents += 100))],
  ['VAT', () => variant(K, (j) => void ((j.vat_cents += 500), (j.total_cents += 500)))],
  ['total', () => variant(K, (j) => void (j.total_cents += 100))],
  ['Danish VAT to Poland', () => variant(K, (j) => void Object.assign(j.buyer, { country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' }))],
  ['Danish VAT to Norway', () => variant(K, (j) => void Object.assign(j.buyer, { country: 'Norge', cvr: '', vat: 'NO123456785MVA', ean: '' }))],
  ['0 %, number and country disagree', () => variant(K, (j) => at0(j, { vat: 'PL5261040828', country: 'Deutschland' }))],
  ['0 %, no country', () => variant(K, (j) => at0(j, { vat: '', country: '' }))],
  ['0 %, in Denmark', () => variant(K, (j) => at0(j, {}))],
  ['0 %, EU without a number', () => variant(K, (j) => at0(j, { vat: '', country: 'Polska' }))],
  ['0 %, outside without a number', () => variant(K, (j) => at0(j, { vat: '', country: 'Norge' }))],
  ['VAT in USD, no rate', () => sample('../vat-treatments/usd-vat-without-rate-2026-09.json')],
  ['a rate not Danish', () => variant(K, (j) => void (j.vat_rate_bps = 1900))],
  ['a Swedish seller', () => variant(K, (j) => void (j.seller.vat = 'SE556036079301'))],
  ['a country that is none', () => variant(K, (j) => void (j.buyer.country = 'Atlantis'))],
  ['a Greek number with GR', () => variant('../vat-treatments/eu-reverse-charge-2026-10.json', (j) => Object.assign(j.buyer, { vat: 'GR094014201', country: 'Greece' }))],
  ['an EAN of 12 digits', () => variant(K, (j) => void (j.buyer.ean = '579000123456'))],
  ['an EAN failing its check digit', () => variant(K, (j) => void (j.buyer.ean = '5790001234567'))],
  ['an IBAN failing mod 97', () => variant(K, (j) => void (j.seller.bank = j.seller.bank.replace('DK66', 'DK00')))],
  ['an IBAN of another account', () => variant(K, (j) => void (j.seller.bank = j.seller.bank.replace('Konto 1234567890', 'Konto 1234567891')))],
  ['an IBAN of another reg. no.', () => variant(K, (j) => void (j.seller.bank = 'Danske Bank · Reg. 3410 · IBAN DK66 3409 1234 5678 90'))],
  ['a card svc cannot state', () => variant(K, (j) => void (j.buyer.payment_reference = '+72<123+85109074<'))],
  ['an FI line on an EUR invoice', () => variant('fjordline-2026-10.json', (j) => void (j.buyer.payment_reference = '+71<000000001420009+85109074<'))],
  ['a period that ends before it starts', () => variant(K, (j) => void Object.assign(j, { period_start: '2026-10-31', period_end: '2026-10-01' }))],
  ['a seller without a name', () => variant(K, (j) => void (j.seller.legal_name = ''))],
  ['a USD/DKK rate in øre', () => variant('../vat-treatments/usd-vat-without-rate-2026-09.json', (j) => void (j.usd_dkk_rate = '685.13'))],
  ['a FI payment id failing its check digit', () => variant(K, (j) => void (j.buyer.payment_reference = '+71<000000001420001+85109074<'))],
  ['an invoice number that cannot be a FI payment id', () => variant(K, (j) => void ((j.seller.bank = `${j.seller.bank} · FI-kreditornr. 85109074`), (j.invoice_number = 'KATT-OKT')))],
  ...(
    [['NO923456789MVA', 'Norge'], ['SE556036079401', 'Sverige'], ['FI12345678', 'Suomi'], ['IT12345678901', 'Italia'], ['EL094014202', 'Ελλάδα'], ['BE0403170702', 'Belgique']] as const
  ).map(([vat, country]): [string, () => ReturnType<typeof sample>] => [`a VAT number of ${country} failing its check digit`, () => variant('../vat-treatments/eu-reverse-charge-2026-10.json', (j) => void Object.assign(j.buyer, { vat, country }))]),
  ['a plan subtotal that is not its lines', () => variant(K, (j) => void ((j.subscription_subtotal_cents += 100), (j.usage_subtotal_cents -= 100)))],
  ['a usage subtotal that is not its lines', () => variant(K, (j) => void (j.usage_subtotal_cents += 100))],
  ['a DKK line that is not its USD × rate', () => variant(K, (j) => void (j.lines[1]!.description = `${j.lines[1]!.description} (USD 1.234,56 à 6,8512)`))],
  ['a USD line that is not the USD its text shows', () => variant('../vat-treatments/usd-vat-with-rate-2026-10.json', (j) => void (j.lines[1]!.description = `${j.lines[1]!.description} (USD 1,234.56)`))],
];

/** The run adds `payment_id_shared` (runner/unit/_org-run.ts, _shared-payment-ids.ts) and `credited_earlier` (_credited-earlier.ts): their sentences, with the values the run gives. */
const RUN_FINDINGS: InvoiceCheckFinding[] = [
  { code: 'payment_id_shared', severity: 'error', path: 'invoice_number', message: 'm', params: { id: '2026-0142', invoice: '2026-0142', org: 'org-nordlys', form: 'run', month: '' } },
  { code: 'payment_id_shared', severity: 'error', path: 'invoice_number', message: 'm', params: { id: '2026-0131', invoice: '2026-0131', org: 'org-nordlys', form: 'month', month: '2026-09' } },
  { code: 'credited_earlier', severity: 'error', path: 'invoice_number', message: 'm', params: { number: 'KN-2026-0007', date: '2026-11-20', invoice: '2026-0144', form: 'run', month: '' } },
  { code: 'credited_earlier', severity: 'error', path: 'invoice_number', message: 'm', params: { number: 'KN-2026-0007', date: '2026-11-20', invoice: '2026-0144', form: 'month', month: '2026-10' } },
];

/** Every sentence the locale has: `code` or `code.form`. */
function sentences(language: string): string[] {
  const findings = (JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), 'utf8')) as { check: { findings: Record<string, string | Record<string, string>> } }).check.findings;
  return Object.entries(findings).flatMap(([code, v]) => (typeof v === 'string' ? [code] : Object.keys(v).map((form) => `${code}.${form}`))).sort();
}

const keyOf = (f: InvoiceCheckFinding) => (typeof f.params?.form === 'string' ? `${f.code}.${f.params.form}` : f.code);

describe('findingText: every finding of the check in the page\'s language', () => {
  const found = [...RECORDS.flatMap(([name, make]) => checkInvoice(make()).map((f) => ({ name, f }))), ...RUN_FINDINGS.map((f) => ({ name: 'a month end', f }))];

  it('the records draw every sentence the locales have, and every finding they draw has one, in Danish and in English', () => {
    expect(sentences('da')).toEqual(sentences('en'));
    expect([...new Set(found.map(({ f }) => keyOf(f)))].sort()).toEqual(sentences('da'));
  });

  it.each(['da', 'en'])('in %s: filled with the record\'s values, amounts in the language\'s format, never the general sentence', (language) => {
    for (const { name, f } of found) {
      const text = findingText(f, language);
      expect(text, `${name}: ${f.code}`).not.toMatch(/\{\{|\}\}|undefined|\[object/);
      // English's general sentence is the finding's own message, which some sentences match word for word.
      if (language === 'da') expect(text, `${name}: ${f.code}`).not.toBe(findingText({ code: f.code, path: f.path, message: f.message }, language));
      for (const value of Object.values(f.params ?? {})) if (typeof value === 'string' && f.params!.form !== value) expect(text, `${name}: ${f.code}`).toContain(value);
    }
  });

  it('says amounts and rates as each language writes them (hand-worked figures)', () => {
    const f = checkInvoice(variant(K, (j) => void (j.total_cents += 100))).find((x) => x.code === 'total')!;
    // Kattegat's October: net 44,173.48 + VAT 11,043.37 = 55,216.85; the record says 55,217.85.
    expect(findingText(f, 'da')).toBe('totalen 55.217,85 DKK er ikke subtotal 44.173,48 DKK + moms 11.043,37 DKK = 55.216,85 DKK');
    expect(findingText(f, 'en')).toBe('the total DKK 55,217.85 is not subtotal DKK 44,173.48 + VAT DKK 11,043.37 = DKK 55,216.85');
    const vat = checkInvoice(variant(K, (j) => void ((j.vat_cents += 500), (j.total_cents += 500)))).find((x) => x.code === 'vat')!;
    // 25 % of 44,173.48 = 11,043.37 (rounded half up); the record says 11,048.37.
    expect(findingText(vat, 'da')).toBe('momsen 11.048,37 DKK er ikke 25 % af subtotalen 44.173,48 DKK = 11.043,37 DKK');
    // The English message for logs and the manifest stays as it was.
    expect(f.message).toBe('total_cents 5521785 != subtotal_cents 4417348 + vat_cents 1104337 = 5521685');
  });

  it('says a finding of a code it has no sentence for (a manifest of an earlier version) by its field, never in English on a Danish page', () => {
    const old = { code: 'some_new_code', path: 'buyer.vat', message: 'an English sentence', severity: 'error' as const };
    expect(findingText(old, 'da')).toBe('feltet buyer.vat skal rettes');
    expect(findingText(old, 'en')).toBe('an English sentence');
  });
});
