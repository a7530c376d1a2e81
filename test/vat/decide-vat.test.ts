import { describe, expect, it } from 'vitest';
import { decideVat, type VatDecision } from '../../src/vat/index.js';
import { SchemaError, type InvoiceJson } from '../../src/model/index.js';
import { sample, sampleJson, variant } from '../invoice/_samples.js';

/** The Danish October sample with the buyer and VAT fields replaced; totals kept consistent by hand. */
function invoice(buyer: Partial<InvoiceJson['buyer']>, vat: { rate: number; cents?: number } = { rate: 0 }, edit?: (j: InvoiceJson) => void): VatDecision {
  return decideVat(
    variant('nordlys-2026-10.json', (j) => {
      Object.assign(j.buyer, { cvr: '', ean: '', ...buyer });
      j.vat_rate_bps = vat.rate;
      j.vat_cents = vat.cents ?? (vat.rate === 0 ? 0 : 634806); // 2,539,222 øre × 25 % = 634,805.5 → 634,806
      j.total_cents = j.subtotal_cents + j.vat_cents;
      edit?.(j);
    }),
  );
}
const problems = (d: VatDecision): string[] => d.reasons.filter((r) => r.severity !== 'info').map((r) => `${r.severity} ${r.code} ${r.paths[0]}`);

describe('decideVat: the four treatments', () => {
  it('Danish buyer, 25 % VAT: standard-rated, nothing to fix', () => {
    const d = decideVat(sample('nordlys-2026-10.json'));
    expect(d.treatment).toBe('standard');
    expect(d.buyerCountry).toBe('DK');
    expect(d.buyerInEu).toBe(true);
    expect(d.buyerCountryFrom).toEqual({ vat: 'DK', country: 'DK' });
    expect(problems(d)).toEqual([]);
    expect(d.fieldsRead).toEqual(expect.arrayContaining(['vat_rate_bps', 'vat_cents', 'buyer.vat', 'buyer.country', 'seller.vat', 'currency', 'status']));
  });

  it('business in another member state with its VAT number, 0 %: EU reverse charge', () => {
    const d = invoice({ vat: 'DE 123 456 789', country: 'Deutschland' });
    expect(d.treatment).toBe('reverse_charge');
    expect(d.buyerCountry).toBe('DE');
    expect(problems(d)).toEqual([]);
    expect(d.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['buyer_eu_vat_number', 'no_vat_charged', 'buyer_country']));
  });

  it('Greece is EL in VAT numbers and Ελλάδα / Grækenland / GR as a country', () => {
    for (const country of ['Ελλάδα', 'Grækenland', 'Greece', 'GR', 'GRC', '']) {
      const d = invoice({ vat: 'EL094014201', country });
      expect(d.treatment, country).toBe('reverse_charge');
      expect(d.buyerCountry, country).toBe('GR');
      expect(problems(d), country).toEqual([]);
    }
    const gr = invoice({ vat: 'GR094014201', country: 'Greece' });
    expect(gr.treatment).toBe('reverse_charge');
    expect(problems(gr)).toEqual(['warning greek_vat_prefix buyer.vat']);
  });

  it('business outside the EU (the UK sample), 0 %: outside the scope of Danish VAT', () => {
    const d = decideVat(sample('fjordline-2026-10.json'));
    expect(d.treatment).toBe('outside_scope');
    expect(d.buyerCountry).toBe('GB');
    expect(d.buyerInEu).toBe(false);
    expect(problems(d)).toEqual([]);
    // Northern Ireland's XI numbers, Swiss UIDs and Norwegian MVA numbers name their country.
    expect(invoice({ vat: 'XI123456789', country: '' }).buyerCountry).toBe('GB');
    expect(invoice({ vat: 'CHE-123.456.789 MWST', country: 'Schweiz' }).treatment).toBe('outside_scope');
    expect(invoice({ vat: 'NO 923 609 016 MVA', country: 'Norge' }).buyerCountry).toBe('NO');
    // A US business: no prefix, the country from the name; its EIN shows it is a business.
    const us = invoice({ vat: '12-3456789', country: 'USA' });
    expect([us.treatment, us.buyerCountry]).toEqual(['outside_scope', 'US']);
  });

  it('a business in Greenland or the Faroe Islands with only its company registration number (buyer.cvr), 0 %: outside the scope', () => {
    // Implementing Regulation 282/2011 art. 18(3): a number the buyer's country gives businesses
    // shows a business; Greenland's companies have CVR numbers.
    const gl = invoice({ vat: '', cvr: '12345678', country: 'Grønland' });
    expect([gl.treatment, gl.buyerCountry, gl.buyerInEu]).toEqual(['outside_scope', 'GL', false]);
    expect(problems(gl)).toEqual([]);
    expect(gl.fieldsRead).toContain('buyer.cvr');
    expect(gl.reasons.find((r) => r.code === 'buyer_outside_eu')?.paths).toEqual(['buyer.cvr', 'buyer.country']);
    expect(invoice({ vat: '', cvr: '123456', country: 'Faroe Islands' }).treatment).toBe('outside_scope');
    // A word, a lone digit or a number of three digits is no number (outside reviews: any digit was taken).
    for (const cvr of ['n/a', '0', '-1', 'TIN: 123', 'none', '   ', 'Incorporated 2019']) {
      expect(problems(invoice({ vat: '', cvr, country: 'Greenland' })), cvr).toEqual(['error zero_vat_unexplained buyer.vat']);
    }
    // Nor is a word in buyer.vat (it was taken as a number before).
    for (const vat of ['n/a', '-', 'none', 'exempt']) expect(problems(invoice({ vat, country: 'USA' })), vat).toEqual(['error zero_vat_unexplained buyer.vat']);
    // Numbers as written, labels and remarks around them (a second review: a stricter shape refused these).
    for (const cvr of ['SC123456', '12-3456789', 'CVR-nr.: 12345678', 'Companies House: 01234567']) expect(invoice({ vat: '', cvr, country: 'GL' }).treatment, cvr).toBe('outside_scope');
    for (const vat of ['ABN: 51 824 753 556', 'EIN #12-3456789', 'Tax ID # 12-3456789', 'GST/HST: 123456789 RT0001']) expect(invoice({ vat, country: 'USA' }).treatment, vat).toBe('outside_scope');
    expect(invoice({ vat: 'CHE-123.456.789 (MWST)', country: 'Schweiz' }).treatment).toBe('outside_scope');
    // In the EU a CVR is no VAT number of the buyer's member state, which the reverse charge needs;
    // in Denmark 25 % applies whatever the number.
    expect(problems(invoice({ vat: '', cvr: '12345678', country: 'Sverige' }))).toEqual(['error zero_vat_unexplained buyer.vat']);
    expect(problems(invoice({ vat: '', cvr: '12345678', country: 'Danmark' }))).toEqual(['error zero_vat_unexplained vat_rate_bps']);
  });

  it('0 % that the record does not explain: cannot tell, naming the field to fix', () => {
    expect(problems(invoice({ vat: 'DK38765432', country: 'Danmark' }))).toEqual(['error zero_vat_unexplained vat_rate_bps']);
    expect(problems(invoice({ vat: '', country: 'Sverige' }))).toEqual(['error zero_vat_unexplained buyer.vat']);
    expect(problems(invoice({ vat: '', country: 'United States' }))).toEqual(['error zero_vat_unexplained buyer.vat']);
    expect(problems(invoice({ vat: '', country: '' }))).toEqual(['error zero_vat_unexplained buyer.country']);
    expect(problems(invoice({ vat: '', country: 'Atlantis' }))).toEqual(['error zero_vat_unexplained buyer.country', 'warning buyer_country_unknown buyer.country']);
    const conflict = invoice({ vat: 'DE123456789', country: 'France' });
    expect(conflict.treatment).toBe('undetermined');
    expect(conflict.buyerCountry).toBeUndefined();
    expect(problems(conflict)).toEqual(['error zero_vat_unexplained buyer.country', 'warning buyer_country_conflict buyer.country']);
    for (const d of [invoice({ vat: 'DK38765432', country: 'Danmark' }), conflict]) expect(d.treatment).toBe('undetermined');
  });

  it('Monaco is France for VAT: a French VAT number there is no contradiction', () => {
    const d = invoice({ vat: 'FR40303265045', country: 'Monaco' });
    expect([d.treatment, d.buyerCountry]).toEqual(['reverse_charge', 'FR']);
  });

  // VAT Directive art. 6: territories of member states outside the EU's VAT territory. A business
  // there holds the member state's number (a Canarian company a Spanish NIF), but the service is
  // supplied where it is established (art. 44), outside the EU: not box B, not the EU sales list.
  it('a business in a territory art. 6 leaves out (the Canary Islands, Åland, Guadeloupe, Heligoland, Ceuta) is outside the EU, its member state\'s number no contradiction', () => {
    const cases: Array<[Partial<InvoiceJson['buyer']>, string]> = [
      [{ vat: 'ESA28015865', country: 'Islas Canarias' }, 'ES'],
      [{ vat: 'ESA28015865', country: 'Kanariske Øer' }, 'ES'],
      [{ vat: 'FI02017104', country: 'Åland' }, 'AX'],
      [{ vat: 'FR40303265045', country: 'Guadeloupe' }, 'GP'],
      [{ vat: 'DE812345673', country: 'Helgoland' }, 'DE'],
      [{ vat: 'ESA28015865', country: 'Ceuta' }, 'ES'],
    ];
    for (const [buyer, code] of cases) {
      const d = invoice(buyer);
      expect([d.treatment, d.buyerCountry, d.buyerInEu, problems(d)], JSON.stringify(buyer)).toEqual(['outside_scope', code, false, []]);
      expect(d.reasons.find((r) => r.code === 'buyer_outside_eu')!.message).toMatch(/outside the EU's VAT territory: VAT Directive art\. 6\(\d\)\([a-f]\)/);
    }
    // As buyers write them: codes, islands, with the member state's name (a second review's list).
    for (const country of ['IC', 'ES-CN', 'Spain (Canary Islands)', 'Canary Islands, Spain', 'Tenerife', 'Las Palmas de Gran Canaria', 'Ceuta y Melilla', 'EA']) {
      expect([invoice({ vat: 'ESA28015865', country }).treatment, problems(invoice({ vat: 'ESA28015865', country }))], country).toEqual(['outside_scope', []]);
    }
    for (const [country, vat] of [['St. Martin', 'FR40303265045'], ['Île de la Réunion', 'FR40303265045'], ['Aaland', 'FI02017104'], ['Campione d Italia', 'IT00743110157'], ['Helgoland, Deutschland', 'DE812345673']] as const) {
      expect(invoice({ vat, country }).treatment, country).toBe('outside_scope');
    }
    // Danish VAT charged there is the warning for any buyer outside the EU, not the reverse-charge error.
    expect(problems(invoice({ vat: 'ESA28015865', country: 'Canarias' }, { rate: 2500 }))).toEqual(['warning danish_vat_outside_eu buyer.vat']);
    // Mainland Spain, and a buyer with no country, stay the reverse charge.
    for (const country of ['España', '']) expect(invoice({ vat: 'ESA28015865', country }).treatment).toBe('reverse_charge');
    // Without a number a buyer there is not shown to be a business.
    expect(invoice({ vat: '', country: 'Canary Islands' }).treatment).toBe('undetermined');
  });
});

describe('decideVat: what an accountant must fix', () => {
  it('Danish VAT charged to a business registered in another member state is an error', () => {
    const d = invoice({ vat: 'SE556677889901', country: 'Sverige' }, { rate: 2500 });
    expect(d.treatment).toBe('standard');
    expect(problems(d)).toEqual(['error danish_vat_to_eu_business buyer.vat']);
  });

  it('Danish VAT charged to a business outside the EU is a warning', () => {
    expect(problems(invoice({ vat: 'GB123456789', country: 'United Kingdom' }, { rate: 2500 }))).toEqual(['warning danish_vat_outside_eu buyer.vat']);
    // A private buyer in another member state (no VAT number) pays Danish VAT: nothing to say.
    expect(problems(invoice({ vat: '', country: 'Tyskland' }, { rate: 2500 }))).toEqual([]);
  });

  it('a rate that is not Danish, a seller that is not Danish, and figures that disagree', () => {
    expect(problems(invoice({}, { rate: 1200, cents: 304707 }))).toEqual(['error vat_rate_not_danish vat_rate_bps']);
    const foreign = invoice({}, { rate: 2500 }, (j) => (j.seller.vat = 'SE556036079301'));
    expect([foreign.treatment, ...problems(foreign)]).toEqual(['undetermined', 'error seller_not_danish seller.vat']);
    const mismatch = invoice({}, { rate: 2500, cents: 0 });
    expect(mismatch.treatment).toBe('undetermined');
    expect(mismatch.reasons.map((r) => r.code)).toContain('vat_rate_mismatch');
  });

  it('25 % of a subtotal of 1 øre rounds to no VAT: still standard, and 2 øre owe 1 øre (0.5 rounds half up)', () => {
    const tiny = (subtotal: number, vat: number): VatDecision =>
      invoice({}, { rate: 2500, cents: vat }, (j) => {
        j.subscription_subtotal_cents = 0;
        j.usage_subtotal_cents = subtotal;
        j.subtotal_cents = subtotal;
        j.total_cents = subtotal + vat;
      });
    expect([tiny(1, 0).treatment, ...problems(tiny(1, 0))]).toEqual(['standard']);
    expect([tiny(-1, 0).treatment, ...problems(tiny(-1, 0))]).toEqual(['standard']);
    expect(tiny(2, 0).treatment).toBe('undetermined');
    expect(tiny(2, 1).treatment).toBe('standard');
  });

  it('a USD invoice with VAT states it in DKK at its rate, and without a rate it cannot', () => {
    const usd = (rate: string | null): VatDecision =>
      invoice({}, { rate: 2500, cents: 25000 }, (j) => {
        j.currency = 'USD';
        j.subscription_subtotal_cents = 100000;
        j.usage_subtotal_cents = 0;
        j.subtotal_cents = 100000;
        j.total_cents = 125000;
        j.usd_dkk_rate = rate;
      });
    const withRate = usd('6.8512');
    // USD 250.00 × 6.8512 = DKK 1,712.80
    expect(withRate.vatInDkk?.minor).toBe(171280);
    expect(withRate.vatInDkk?.rate.toString()).toBe('6.8512');
    expect(problems(withRate)).toEqual([]);
    const noRate = usd(null);
    expect(noRate.vatInDkk).toBeUndefined();
    expect(problems(noRate)).toEqual(['error vat_not_in_dkk usd_dkk_rate']);
    // USD 123.45 × 6.8512 = 845.78064 → 845.78 DKK
    expect(invoice({}, { rate: 2500, cents: 12345 }, (j) => ((j.currency = 'USD'), (j.usd_dkk_rate = '6.8512'))).vatInDkk?.minor).toBe(84578);
    // An EUR invoice states its VAT in EUR, which Danish rules accept: no DKK, no finding.
    const eur = invoice({}, { rate: 2500 }, (j) => ((j.currency = 'EUR'), (j.usd_dkk_rate = null)));
    expect([eur.vatInDkk, problems(eur)]).toEqual([undefined, []]);
  });

  it('a void invoice keeps the treatment it was issued with', () => {
    const d = decideVat(sample('nordlys-2026-10-void.json'));
    expect([d.treatment, d.void]).toEqual(['standard', true]);
  });
});

describe('decideVat input', () => {
  it('takes the API JSON as well as a parsed record, and names the bad field otherwise', () => {
    const json = sampleJson('fjordline-2026-10.json');
    expect(decideVat(json).treatment).toBe('outside_scope');
    expect(decideVat(JSON.parse(JSON.stringify(json))).treatment).toBe('outside_scope');
    const bad = { ...json, buyer: { ...json.buyer, vat: 42 } } as unknown as InvoiceJson;
    expect(() => decideVat(bad)).toThrow(SchemaError);
    expect(() => decideVat(bad)).toThrow(/field buyer\.vat/);
    expect(() => decideVat(null as unknown as InvoiceJson)).toThrow(SchemaError);
  });

  it('names vat_cents when its DKK is past what a document can state (2^53 − 1 øre; an outside fuzz audit saw only "major")', () => {
    // 17,500,000,000,000.00 USD of VAT × 6.8512 = 119,896,000,000,000 DKK: 11,989,600,000,000,000 øre > 2^53 − 1 (by hand).
    const huge = variant('../vat-treatments/usd-vat-with-rate-2026-10.json', (j) => void (j.vat_cents = 1_750_000_000_000_000));
    expect(() => decideVat(huge)).toThrow('vat_cents: 1750000000000000 × usd_dkk_rate 6.8512 = 119896000000000 DKK, which is not a safe integer amount in minor units');
  });
});
