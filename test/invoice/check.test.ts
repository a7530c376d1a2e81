import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { checkInvoice } from '../../src/check/index.js';
import { SchemaError, type InvoiceJson } from '../../src/model/index.js';
import { SAMPLES, sample, sampleJson, variant } from './_samples.js';
import { usdMentions } from '../einvoice/_audit-records.js';

/** Every bundled sample invoice, including the VAT-treatment ones, as paths under samples/invoices/. */
const samples = (): string[] => [
  ...readdirSync(SAMPLES).filter((f) => f.endsWith('.json')),
  ...readdirSync(new URL('../vat-treatments/', SAMPLES)).filter((f) => f.endsWith('.json')).map((f) => `../vat-treatments/${f}`),
];
const codes = (json: InvoiceJson | ReturnType<typeof sample>): string[] => checkInvoice(json).map((f) => `${f.severity} ${f.code} ${f.path}`);
/** The Danish October sample changed by `edit`, totals kept as they are unless the edit changes them. */
const nordlys = (edit: (j: InvoiceJson) => void): InvoiceJson => {
  const j = sampleJson('nordlys-2026-10.json');
  edit(j);
  return j;
};
/** The October sample as a 0 % invoice: VAT and total adjusted by hand (total = subtotal 25,392.22). */
const zeroVat = (buyer: Partial<InvoiceJson['buyer']>): InvoiceJson =>
  nordlys((j) => {
    Object.assign(j.buyer, { ean: '', ...buyer });
    j.vat_rate_bps = 0;
    j.vat_cents = 0;
    j.total_cents = 2539222;
  });

describe('checkInvoice on the bundled samples', () => {
  it('finds nothing on the corrected samples; the USD invoice without a rate is flagged', () => {
    const names = samples();
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const expected = name.includes('without-rate') ? ['error vat_not_in_dkk usd_dkk_rate'] : [];
      expect(codes(sample(name)), name).toEqual(expected);
    }
  });

  it('takes the API JSON (JSON.parse of the body) as well as a parsed record, and names a bad field', () => {
    expect(checkInvoice(sampleJson('nordlys-2026-10.json'))).toEqual([]);
    const bad = nordlys((j) => ((j as unknown as { usd_dkk_rate: number }).usd_dkk_rate = 6.85));
    expect(() => checkInvoice(bad)).toThrow(SchemaError);
    expect(() => checkInvoice(bad)).toThrow(/field usd_dkk_rate/);
  });
});

describe('checkInvoice: figures', () => {
  it('reports each figure that does not reconcile, naming the field and the amounts', () => {
    const bad = variant('nordlys-2026-10.json', (j) => {
      j.lines[1]!.line_total_cents += 1; // 6 × 39900 != 239401
      j.lines[4]!.line_total_cents -= 2; // providers no longer sum to the usage line
      j.subtotal_cents += 100;
      j.total_cents += 5;
    });
    const findings = checkInvoice(bad);
    // The subscription line one øre up also leaves the plan subtotal no longer its lines' sum.
    expect(findings.map((f) => `${f.code} ${f.path}`).sort()).toEqual([
      'category_subtotal subscription_subtotal_cents', 'line_total lines[1].line_total_cents', 'provider_sum lines[3].line_total_cents', 'subtotal subtotal_cents', 'total total_cents', 'vat vat_cents',
    ]);
    for (const f of findings) expect(f.severity).toBe('error');
    const byCode = Object.fromEntries(findings.map((f) => [f.code, f.message]));
    expect(byCode.line_total).toContain('line_total_cents 239401 != quantity 6 × unit_price_cents 39900 = 239400');
    expect(byCode.provider_sum).toContain('provider lines sum to 845820, not its line_total_cents 845822');
    expect(byCode.subtotal).toContain('subtotal_cents 2539322 != subscription_subtotal_cents 1639400 + usage_subtotal_cents 899822 = 2539222');
    expect(byCode.vat).toContain('vat_cents 634806 != round(subtotal_cents 2539322 × vat_rate_bps 2500 / 10000) = 634830 or 634831');
    expect(byCode.total).toContain('total_cents 3174033 != subtotal_cents 2539322 + vat_cents 634806 = 3174128');
  });

  it('VAT rounded to the øre: at exactly half an øre either neighbour, else the nearest', () => {
    const withVat = (subtotal: number, vat: number) =>
      nordlys((j) => {
        j.lines = [{ sort_order: 1, kind: 'subscription', description: 'Plan', quantity: 1, unit_price_cents: subtotal, line_total_cents: subtotal }];
        j.subscription_subtotal_cents = subtotal;
        j.usage_subtotal_cents = 0;
        j.subtotal_cents = subtotal;
        j.vat_cents = vat;
        j.total_cents = subtotal + vat;
      });
    const at = (subtotal: number, vat: number): string[] => checkInvoice(withVat(subtotal, vat)).map((f) => f.code);
    expect(at(2, 1)).toEqual([]);
    expect(at(1, 0)).toEqual([]);
    // 25 % of 2 øre is 0.5: half up (1) and half even (0) are both the VAT rounded to the øre. The
    // spec fixes no direction; an accountant's review: 25 % of 100.02 stated as 25.00 was an error.
    expect(at(2, 0)).toEqual([]);
    expect(at(10002, 2500)).toEqual([]);
    expect(at(10002, 2501)).toEqual([]);
    expect(at(10002, 2499)).toEqual(['vat']);
    expect(at(10002, 2502)).toEqual(['vat']);
    // A negative subtotal's half likewise (BigInt's % keeps the sign).
    expect(at(-10002, -2500)).toEqual([]);
    expect(at(-10002, -2501)).toEqual([]);
    expect(at(-10002, -2499)).toEqual(['vat']);
    // The message names the two neighbours of a half, on either side of zero.
    const message = (subtotal: number, vat: number) => checkInvoice(withVat(subtotal, vat))[0]!.message;
    expect(message(10002, 2499)).toMatch(/= 2500 or 2501$/);
    expect(message(-10002, -2499)).toMatch(/= -2501 or -2500$/);
    // 25 % of 3 øre is 0.75: only 1.
    expect(at(3, 1)).toEqual([]);
    expect(at(3, 0)).toEqual(['vat']);
    expect(at(2, 2)).toEqual(['vat']);
  });

  it('reports provider lines with no usage line above them', () => {
    const bad = nordlys((j) => {
      j.lines = [j.lines[3]!, ...j.lines.slice(0, 3), ...j.lines.slice(4)];
      j.lines.forEach((l, i) => (l.sort_order = i + 1));
    });
    expect(checkInvoice(bad).map((f) => f.code)).toContain('provider_orphan');
  });
});

describe('checkInvoice: VAT', () => {
  it('danish_vat_to_eu_business: 25 % charged to a business with a Swedish VAT number', () => {
    expect(codes(nordlys((j) => Object.assign(j.buyer, { vat: 'SE556677889901', country: 'Sverige', ean: '' })))).toEqual(['error danish_vat_to_eu_business buyer.vat']);
  });

  it('danish_vat_outside_eu: 25 % charged to a UK business', () => {
    expect(codes(nordlys((j) => Object.assign(j.buyer, { vat: 'GB123456789', country: 'United Kingdom', ean: '' })))).toEqual(['warning danish_vat_outside_eu buyer.vat']);
  });

  it('zero_vat_unexplained: 0 % to a Danish buyer, to an EU buyer without a VAT number, to an unknown country', () => {
    expect(codes(zeroVat({}))).toEqual(['error zero_vat_unexplained vat_rate_bps']);
    expect(codes(zeroVat({ vat: '', cvr: '', country: 'Finland' }))).toEqual(['error zero_vat_unexplained buyer.vat']);
    expect(codes(zeroVat({ vat: '', cvr: '', country: '' }))).toEqual(['error zero_vat_unexplained buyer.country']);
    // The same 0 % with a Finnish VAT number is a reverse-charge invoice: nothing to fix.
    expect(codes(zeroVat({ vat: 'FI20774740', cvr: '', country: 'Suomi' }))).toEqual([]);
  });

  it('vat_not_in_dkk: VAT charged in USD with no usd_dkk_rate', () => {
    expect(codes(sampleJson('../vat-treatments/usd-vat-without-rate-2026-09.json'))).toEqual(['error vat_not_in_dkk usd_dkk_rate']);
  });

  it('vat_rate_not_danish, seller_not_danish, buyer_country_conflict, buyer_country_unknown, greek_vat_prefix', () => {
    expect(codes(nordlys((j) => ((j.vat_rate_bps = 2000), (j.vat_cents = 507844), (j.total_cents = 3047066))))).toEqual(['error vat_rate_not_danish vat_rate_bps']);
    expect(codes(nordlys((j) => (j.seller.vat = 'SE556036079301')))).toEqual(['error seller_not_danish seller.vat']);
    expect(codes(nordlys((j) => (j.buyer.country = 'Norge')))).toEqual(['warning buyer_country_conflict buyer.country']);
    expect(codes(nordlys((j) => (j.buyer.country = 'Jylland')))).toEqual(['warning buyer_country_unknown buyer.country']);
    expect(codes(zeroVat({ vat: 'GR094014201', cvr: '', country: 'Greece' }))).toEqual(['warning greek_vat_prefix buyer.vat']);
  });
});

describe('checkInvoice: numbers a bank or NemHandel refuses', () => {
  it('ean_check_digit: a GLN whose 13th digit is not its GS1 check digit, or that is not 13 digits', () => {
    // 5790001234560 is valid: 6·3+5+4·3+3+2·3+1+0+0+0+9+7·3+5 = 80, check digit 0.
    const ean = (value: string): string[] => codes(nordlys((j) => (j.buyer.ean = value)));
    expect(ean('5790001234560')).toEqual([]);
    expect(ean('5790001234567')).toEqual(['error ean_check_digit buyer.ean']);
    expect(checkInvoice(nordlys((j) => (j.buyer.ean = '5790001234567')))[0]!.message).toContain('should be 0, not 7');
    expect(ean('579000123456')).toEqual(['error ean_check_digit buyer.ean']);
  });

  it('iban_checksum: an IBAN failing mod-97; iban_account_mismatch: its reg. no. or account differs from the text', () => {
    const bank = (text: string): string[] => codes(nordlys((j) => (j.seller.bank = text)));
    expect(bank('Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK66 3409 1234 5678 90 · BIC DABADKKK')).toEqual([]);
    // The old sample: DK50 3000 … fails mod-97 (its check digits would be 10).
    expect(bank('Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK50 3000 1234 5678 90 · BIC DABADKKK')).toEqual(['error iban_checksum seller.bank']);
    // DK10 3000 1234567890 passes mod-97 but is reg. no. 3000, not the 3409 the text gives.
    expect(bank('Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK10 3000 1234 5678 90')).toEqual(['warning iban_account_mismatch seller.bank']);
    expect(bank('Nordea · IBAN DE89 3704 0044 0532 0130 00')).toEqual([]);
  });
});

describe('checkInvoice: a payment line the buyer cannot use', () => {
  it('flags a FI line on an invoice not in DKK (fik_not_dkk) and a payment line that is no FI line (payment_line_unknown); a FI line in DKK passes', () => {
    // 00000000142000 weighted 2,1,… from the right: 0+0+0+2+8+1 = 11, so the check digit is 9 (worked by hand).
    const fik = '+71<000000001420009+85109074<';
    const found = (edit: (j: InvoiceJson) => void) => checkInvoice(variant('kattegat-2026-10.json', edit)).map((f) => [f.severity, f.code, f.path]);
    expect(found((j) => void (j.buyer.payment_reference = fik))).toEqual([]);
    expect(found((j) => void ((j.buyer.payment_reference = fik), (j.currency = 'EUR')))).toEqual([['error', 'fik_not_dkk', 'buyer.payment_reference']]);
    // +71 carries a 15-digit payment id; this one has 5. +04 is a giro card, not stated here.
    expect(found((j) => void (j.buyer.payment_reference = '+71<12345+85109074<'))).toEqual([['error', 'payment_line_unknown', 'buyer.payment_reference']]);
    expect(found((j) => void (j.buyer.payment_reference = '+04<1234567890123456+12345678<'))).toEqual([['error', 'payment_line_unknown', 'buyer.payment_reference']]);
    expect(found((j) => void (j.seller.bank = `${j.seller.bank} · FIK +71<000000001420001+8510907<`))).toEqual([['error', 'payment_line_unknown', 'seller.bank']]);
  });
});

describe('checkInvoice: a payment id the bank refuses, a VAT number that belongs to no one', () => {
  const found = (edit: (j: InvoiceJson) => void) => checkInvoice(variant('kattegat-2026-10.json', edit)).map((f) => [f.severity, f.code, f.path]);

  it('fik_check_digit: a +71 or +75 payment id whose last digit is not its modulus-10 check digit', () => {
    expect(found((j) => void (j.buyer.payment_reference = '+71<000000001420001+85109074<'))).toEqual([['error', 'fik_check_digit', 'buyer.payment_reference']]);
    const [message] = checkInvoice(variant('kattegat-2026-10.json', (j) => void (j.buyer.payment_reference = '+71<000000001420001+85109074<'))).map((f) => f.message);
    expect(message).toContain('the last digit should be 9, not 1');
    // 123456789012345 from the right weighted 2,1,…: 10→1,4,6,2,2,0,18→9,8,14→5,6,10→1,4,6,2,2 = 58, so 2 (by hand).
    expect(found((j) => void (j.buyer.payment_reference = '+75<1234567890123452+85109074<'))).toEqual([]);
    expect(found((j) => void (j.buyer.payment_reference = '+75<1234567890123456+85109074<'))).toEqual([['error', 'fik_check_digit', 'buyer.payment_reference']]);
    expect(found((j) => void (j.buyer.payment_reference = '+73<+85109074<'))).toEqual([]);
  });

  it('vat_check_digit: a Norwegian VAT number failing mod 11 (NO923456789MVA: the 9th digit should be 3), a Swedish one failing Luhn', () => {
    // A business outside the EU (Norway) or in another member state (Sweden) at 0 %: no other finding.
    const buyer = (vat: string, country: string) => (j: InvoiceJson) => {
      Object.assign(j.buyer, { vat, country, cvr: '', ean: '' });
      Object.assign(j, { vat_rate_bps: 0, vat_cents: 0, total_cents: j.subtotal_cents });
    };
    expect(found(buyer('NO923456783MVA', 'Norge'))).toEqual([]);
    expect(found(buyer('NO923456789MVA', 'Norge'))).toEqual([['error', 'vat_check_digit', 'buyer.vat']]);
    expect(found(buyer('SE556036079301', 'Sverige'))).toEqual([]);
    expect(found(buyer('SE556036079401', 'Sverige'))).toEqual([['error', 'vat_check_digit', 'buyer.vat']]);
  });

  it('vat_check_digit: a Belgian VAT number failing mod 97 (BE0403170702: 04031707 mod 97 = 96, so the last two digits should be 01)', () => {
    const buyer = (vat: string) => (j: InvoiceJson) => {
      Object.assign(j.buyer, { vat, country: 'Belgique', cvr: '', ean: '' });
      Object.assign(j, { vat_rate_bps: 0, vat_cents: 0, total_cents: j.subtotal_cents });
    };
    expect(found(buyer('BE0403170701'))).toEqual([]);
    expect(found(buyer('BE 0403.170.701'))).toEqual([]);
    expect(found(buyer('BE0403170702'))).toEqual([['error', 'vat_check_digit', 'buyer.vat']]);
    // Ten digits, as every Belgian number has: nine is no number.
    expect(found(buyer('BE403170701'))).toEqual([['error', 'vat_check_digit', 'buyer.vat']]);
  });
});

describe('checkInvoice: every category is its lines, every converted line its USD × rate', () => {
  /** A small DKK invoice: plan 1,200.00, usage 195.17, dev overage 87.33 = net 1,482.50, VAT 370.63 (25 %, by hand), the overage under `where`. */
  const small = (where: 'subscription' | 'usage', edit: (j: InvoiceJson) => void = () => {}) =>
    nordlys((j) => {
      j.lines = [
        { sort_order: 10, kind: 'subscription', description: 'Service Core Small', quantity: 1, unit_price_cents: 120000, line_total_cents: 120000 },
        { sort_order: 20, kind: 'usage', description: 'Forbrug af sprogmodeller', quantity: 1, unit_price_cents: 19517, line_total_cents: 19517 },
        { sort_order: 30, kind: 'dev_overage', description: 'Dev-overforbrug', quantity: 1, unit_price_cents: 8733, line_total_cents: 8733 },
      ];
      j.subscription_subtotal_cents = where === 'subscription' ? 128733 : 120000;
      j.usage_subtotal_cents = where === 'subscription' ? 19517 : 28250;
      Object.assign(j, { subtotal_cents: 148250, vat_cents: 37063, total_cents: 185313 });
      edit(j);
    });

  it('takes the dev overage under either subtotal, and finds a subtotal that is not its lines (category_subtotal)', () => {
    expect(codes(small('subscription'))).toEqual([]);
    expect(codes(small('usage'))).toEqual([]);
    // 100.00 moved from usage to the plan: the net still adds up, the categories do not.
    expect(codes(small('usage', (j) => ((j.subscription_subtotal_cents += 10000), (j.usage_subtotal_cents -= 10000))))).toEqual(['error category_subtotal subscription_subtotal_cents']);
    const off = small('subscription', (j) => (j.lines[1]!.line_total_cents = j.lines[1]!.unit_price_cents = 19417));
    expect(codes(off)).toEqual(['error category_subtotal usage_subtotal_cents']);
    expect(checkInvoice(off)[0]!.message).toContain('usage_subtotal_cents 19517 is not its lines\' sum 19417');
  });

  it('finds a line whose USD × rate is not its amount (line_conversion): USD 598,35 à 6,4213 is 3.842,18, not 3.842,17', () => {
    // 598.35 × 6.4213 = 3,842.184… (by hand), 3,842.18 rounded half up to the øre.
    const usage = (description: string, cents: number) => small('usage', (j) => {
      j.lines[1] = { ...j.lines[1]!, description, unit_price_cents: cents, line_total_cents: cents };
      j.usage_subtotal_cents = cents + 8733;
      Object.assign(j, { subtotal_cents: 120000 + cents + 8733 });
      j.vat_cents = Math.round((j.subtotal_cents * 25) / 100);
      j.total_cents = j.subtotal_cents + j.vat_cents;
    });
    expect(codes(usage('Forbrug af sprogmodeller, oktober 2026 (USD 598,35 à 6,4213)', 384218))).toEqual([]);
    const wrong = usage('Forbrug af sprogmodeller, oktober 2026 (USD 598,35 à 6,4213)', 384217);
    expect(codes(wrong)).toEqual(['error line_conversion lines[1].line_total_cents']);
    expect(checkInvoice(wrong)[0]!.message).toContain('384217 is not USD 598,35 × 6,4213 = 384218');
    // English figures, and the invoice's own usd_dkk_rate (6.8512) where the text gives none: 1,234.56 × 6.8512 = 8,458.217… → 845822.
    expect(codes(usage('Model usage, October 2026 (USD 1,234.56)', 845822))).toEqual([]);
    expect(codes(usage('Model usage, October 2026 (USD 1,234.56)', 845823))).toEqual(['error line_conversion lines[1].line_total_cents']);
    // 1.234 reads as 1234 (Danish) or 1.234 (English): wrong only if neither reading gives the amount.
    expect(codes(usage('Forbrug (USD 1.234 à 6,8512)', 845438))).toEqual([]);
  });

  it('takes only the line\'s own conversion, "(USD 1.234,56 à 6,8512)", for one: a USD price or other USD amount in the text is none (an outside audit, 2026-12)', () => {
    // 3 × USD 58.00 on a USD invoice, 6 seats at 399.00 DKK with a USD list price, a free USD allowance: each adds up.
    for (const [name, inv] of usdMentions()) expect(codes(inv), name).toEqual([]);
    // The form the records write is still checked, with the amount before or after USD: 2,394.00 DKK is neither USD 58.00 × 6.8512 nor USD 987.65 × 6.9034.
    const seats = (description: string) => nordlys((j) => void (j.lines[1]!.description = description));
    expect(codes(seats('Service Dev Pro, udviklerpladser (USD 58,00)'))).toEqual(['error line_conversion lines[1].line_total_cents']);
    expect(codes(seats('Service Dev Pro, udviklerpladser (987,65 USD à 6,9034)'))).toEqual(['error line_conversion lines[1].line_total_cents']);
    // A USD invoice's line whose text shows USD 58.00 as its own amount, but charges 174.00.
    expect(codes(variant('../vat-treatments/usd-vat-with-rate-2026-10.json', (j) => void (j.lines[1]!.description = 'Service Dev Pro (USD 58.00)')))).toEqual(['error line_conversion lines[1].line_total_cents']);
  });
});

describe('text_missing (momsbekendtgørelsen § 58, stk. 1, nr. 2 and 4)', () => {
  it('an empty or invisible invoice number, seller name, seller address or buyer name is an error naming the field', () => {
    expect(codes(nordlys((j) => void (j.invoice_number = '\u200b\u200b')))).toContain('error text_missing invoice_number');
    expect(codes(nordlys((j) => void (j.seller.legal_name = '')))).toContain('error text_missing seller.legal_name');
    expect(codes(nordlys((j) => void (j.seller.address = ' ')))).toContain('error text_missing seller.address');
    expect(codes(nordlys((j) => void (j.buyer.legal_name = '\u00ad')))).toContain('error text_missing buyer.legal_name');
    const f = checkInvoice(nordlys((j) => void (j.buyer.legal_name = ''))).find((x) => x.code === 'text_missing')!;
    expect(f.message).toBe('buyer.legal_name is empty: an invoice must state it (momsbekendtgørelsen § 58, stk. 1)');
  });

  it('an empty buyer address line is not one (the record may leave lines empty)', () => {
    expect(codes(nordlys((j) => void (j.buyer.address_line2 = '')))).toEqual([]);
  });
});
