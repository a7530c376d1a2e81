import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import { flat, pdftotext } from './_poppler.js';
import { sample, sampleJson, variant } from './_samples.js';

const NOTES = {
  da: {
    reverse_charge: 'Omvendt betalingspligt: køber afregner momsen. Leveringsstedet er i købers EU-land (momslovens § 16, stk. 1; momssystemdirektivet 2006/112/EF, art. 44), og køber er betalingspligtig for momsen (art. 196).',
    outside_scope: 'Ikke omfattet af dansk moms: leveringsstedet er uden for EU, hvor køber har etableret sin virksomhed (momslovens § 16, stk. 1; momssystemdirektivet 2006/112/EF, art. 44).',
  },
  en: {
    reverse_charge: "Reverse charge: the customer accounts for the VAT. The place of supply is the customer's EU member state (Danish VAT Act, section 16(1); Council Directive 2006/112/EC, Article 44) and the customer is liable for the VAT (Article 196).",
    outside_scope: 'Not subject to Danish VAT: the place of supply is outside the EU, where the customer has established its business (Danish VAT Act, section 16(1); Council Directive 2006/112/EC, Article 44).',
  },
} as const;
const CASES: Array<[string, 'standard' | 'reverse_charge' | 'outside_scope']> = [
  ['nordlys-2026-10.json', 'standard'],
  ['../vat-treatments/usd-vat-with-rate-2026-10.json', 'standard'],
  ['../vat-treatments/eu-reverse-charge-2026-10.json', 'reverse_charge'],
  ['fjordline-2026-10.json', 'outside_scope'],
];

describe('each VAT treatment, read back with pdftotext, in Danish and English', () => {
  for (const language of ['da', 'en'] as const) {
    for (const [name, treatment] of CASES) {
      it(`${name} (${treatment}, ${language}) shows its note and no other`, async () => {
        const text = flat(pdftotext(await renderInvoicePdf(sample(name), { language })));
        for (const [other, note] of Object.entries(NOTES[language])) {
          if (other === treatment) expect(text).toContain(note);
          else expect(text).not.toContain(note.slice(0, 25));
        }
        // The old, wrong basis (momslovens § 46 makes a Danish buyer liable) is cited nowhere.
        expect(text).not.toMatch(/§ 46/);
        if (treatment === 'standard') expect(text).not.toMatch(/Omvendt betalingspligt|Reverse charge|Ikke omfattet|Not subject/);
      });
    }
  }
});

describe('a Greenlandic business with only its CVR number (buyer.cvr), at 0 %', () => {
  it('gets the outside-the-EU note and a valid invoice (Implementing Regulation 282/2011 art. 18(3)), read with pdftotext', async () => {
    const gl = variant('nordlys-2026-10.json', (j) => {
      Object.assign(j.buyer, { legal_name: 'Nuuk Data A/S', address_line1: 'Aqqusinersuaq 4', address_line2: '', postal_code: '3900', city: 'Nuuk', country: 'Grønland', cvr: '12345678', vat: '', ean: '' });
      j.vat_rate_bps = 0;
      j.vat_cents = 0;
      j.total_cents = j.subtotal_cents;
    });
    const text = flat(pdftotext(await renderInvoicePdf(gl)));
    expect(text).toContain(NOTES.da.outside_scope);
    expect(text).toContain('CVR-nr. 12345678');
    // 2,539,222 øre at 0 %: the subtotal is the amount to pay, and payment is asked for.
    expect(text).toMatch(/Moms 0 % I alt at betale 0,00 DKK 25\.392,22 DKK/);
    expect(text).toContain('Betales senest 17.11.2026');
    expect(text).not.toMatch(/IKKE GYLDIG|NOT VALID|zero_vat_unexplained/);
  });
});

describe('exchange rates and VAT in DKK', () => {
  it("states a USD invoice's VAT in DKK at its rate, saying which conversion it is", async () => {
    const da = flat(pdftotext(await renderInvoicePdf(sample('../vat-treatments/usd-vat-with-rate-2026-10.json'))));
    // VAT USD 231.34 × 6.8512 = 1,584.956608 → 1.584,96 DKK
    expect(da).toContain('Moms 25 % 231,34 USD');
    expect(da).toContain('Momsbeløb i DKK: 1.584,96 DKK (omregnet fra USD til kurs 6,8512 USD/DKK).');
    expect(da).not.toContain('Valutakurs USD/DKK 6,8512: forbruget');
    const en = flat(pdftotext(await renderInvoicePdf(sample('../vat-treatments/usd-vat-with-rate-2026-10.json'), { language: 'en' })));
    expect(en).toContain('VAT amount in DKK: DKK 1,584.96 (converted from USD at USD/DKK 6.8512).');
  });

  it('shows no DKK VAT when the USD invoice has no rate (checkInvoice flags it, so it is NOT VALID)', async () => {
    const text = flat(pdftotext(await renderInvoicePdf(sample('../vat-treatments/usd-vat-without-rate-2026-09.json'))));
    expect(text).toContain('VAT 25%');
    expect(text).toContain('USD 231.34');
    expect(text).not.toMatch(/VAT amount in DKK:|Exchange rate USD\/DKK/);
    // Issue 36: the error is on the page, with its code, and the invoice asks for nothing.
    expect(text).toContain('NOT VALID');
    expect(text).toContain('Error: VAT is charged in USD with no USD/DKK rate, so the VAT amount cannot be stated in DKK as Danish rules require [vat_not_in_dkk].');
    expect(text).not.toMatch(/Total due|Please pay/);
  });

  it('prints the USD/DKK rate on a DKK invoice only when usage was converted with it', async () => {
    const withUsage = flat(pdftotext(await renderInvoicePdf(sample('nordlys-2026-09.json'))));
    expect(withUsage).toContain('Valutakurs USD/DKK 6,9034: forbruget i USD er omregnet til DKK til denne kurs.');
    const noUsage = variant('nordlys-2026-09.json', (j) => {
      j.lines = j.lines.filter((l) => l.kind === 'subscription');
      j.subtotal_cents = j.subscription_subtotal_cents;
      j.usage_subtotal_cents = 0;
      j.vat_cents = 367363; // 1,469,450 øre × 25 % = 367,362.5 → 367,363
      j.total_cents = j.subtotal_cents + j.vat_cents;
    });
    expect(flat(pdftotext(await renderInvoicePdf(noUsage)))).not.toContain('Valutakurs');
    // Kattegat's DKK invoice has a usd_dkk_rate but shows no USD figure (its usage is in DKK): no rate note.
    const kattegat = sample('kattegat-2026-10.json');
    expect(kattegat.usd_dkk_rate?.toString()).toBe('6.8512');
    expect(kattegat.lines.some((l) => l.description.includes('USD'))).toBe(false);
    expect(flat(pdftotext(await renderInvoicePdf(kattegat)))).not.toMatch(/Valutakurs|USD/);
    // The EUR invoice converts its usage from USD to EUR: a USD/DKK rate explains nothing there.
    expect(flat(pdftotext(await renderInvoicePdf(sample('fjordline-2026-10.json'))))).not.toMatch(/Exchange rate|in DKK/);
    // A USD list price in a plan line converts nothing (check/_conversions.ts reads only "(USD … à …)"): no rate note.
    const listPrice = variant('kattegat-2026-10.json', (j) => void (j.lines[0]!.description = `${j.lines[0]!.description} (listepris USD 58,00 pr. plads)`));
    expect(flat(pdftotext(await renderInvoicePdf(listPrice)))).not.toContain('Valutakurs');
  });
});

describe('void invoices through pdftotext', () => {
  it('give the body in reading order, the stamp as one word, and no payable amount or payment instruction', async () => {
    for (const language of ['da', 'en'] as const) {
      const pdf = await renderInvoicePdf(sample('nordlys-2026-10-void.json'), { language });
      const text = pdftotext(pdf);
      const stamp = language === 'da' ? 'ANNULLERET · VOID' : 'VOID';
      // No line holds a stray letter of the stamp, and the word comes whole (mark + stamp).
      expect(text.split('\n').filter((l) => /^\s*\p{Lu}{1,3}\s*$/u.test(l) && !/^\s*(DKK|VOID)\s*$/.test(l))).toEqual([]);
      expect(text.match(new RegExp(`\\b${stamp}\\b`, 'g'))).toHaveLength(2);
      const order = language === 'da'
        ? ['Faktura', 'FAKTURERES TIL', 'Beskrivelse', 'Service Core Medium', 'heraf Anthropic', 'Abonnement i alt', 'Moms 25 %', 'I alt', 'Valutakurs']
        : ['Invoice', 'BILL TO', 'Description', 'Service Core Medium', 'of which Anthropic', 'Subscription subtotal', 'VAT 25%', 'Total', 'Exchange rate'];
      const at = order.map((s) => text.indexOf(s));
      expect(at.every((i) => i >= 0), `${order} in ${text}`).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      const layout = pdftotext(pdf, 'layout');
      expect(layout).toMatch(language === 'da' ? /Moms 25 %\s+6\.547,56 DKK/ : /VAT 25%\s+DKK 6,547\.56/);
      const all = flat(text);
      expect(all).not.toMatch(language === 'da' ? /at betale|Betales|Bank:|IBAN|Oplys reference/ : /Total due|Please pay|Bank:|IBAN|quoting reference/);
      expect(all).toContain(language === 'da' ? 'skal ikke betales. Er den allerede betalt, så kontakt faktura@servicevaerket.dk.' : 'must not be paid. If it has already been paid, contact faktura@servicevaerket.dk.');
    }
  });
});

describe('text a reader sees', () => {
  it('does not double a provider line\'s own "heraf" / "of which", in any case', async () => {
    const json = sampleJson('nordlys-2026-10.json');
    json.lines[4]!.description = 'heraf Anthropic';
    json.lines[5]!.description = 'Of which: OpenAI';
    for (const language of ['da', 'en'] as const) {
      const text = flat(pdftotext(await renderInvoicePdf(json, { language })));
      const word = language === 'da' ? 'heraf' : 'of which';
      expect(text).toMatch(new RegExp(`${word} Anthropic: `));
      expect(text).toMatch(new RegExp(`${word} OpenAI: `));
      expect(text).not.toMatch(/(heraf|of which):? (heraf|of which)/i);
    }
  });

  it('never breaks an amount, a rate or a payment code across lines, and adds nothing after a payment code', async () => {
    const sept = pdftotext(await renderInvoicePdf(sample('nordlys-2026-09.json')), 'layout');
    expect(sept.split('\n').some((l) => /USD\s987,65 à\s6,9034/.test(l))).toBe(true);
    const code = '+71<000000001420009+85109074<';
    for (const language of ['da', 'en'] as const) {
      const lines = pdftotext(await renderInvoicePdf(sample('../payment-means/fik-dkk-2026-10.json'), { language }), 'layout').split('\n');
      const withCode = lines.filter((l) => l.includes(code));
      expect(withCode.length).toBe(2); // the facts and the payment terms
      for (const l of withCode) expect(l).not.toMatch(/<[.,;:]/);
      expect(lines.filter((l) => l.includes('+71<') && !l.includes(code))).toEqual([]);
    }
  });

  it('removes control and bidi-override characters from the page and the metadata alike (one rule: core/invisible-text.ts)', async () => {
    const json = sampleJson('nordlys-2026-10.json');
    json.buyer.legal_name = 'Evil\u001b]0;pwn\u0007 Corp\u202Efdp.exe';
    json.invoice_number = '2026\u0000-0142';
    json.seller.legal_name = 'Servicev\u00e6rket\u202E ApS';
    const pdf = await renderInvoicePdf(json);
    const text = pdftotext(pdf);
    // The page says what the metadata, the XML and the workbook say: the invisible characters are gone.
    expect(text).toContain('Evil]0;pwn Corpfdp.exe');
    expect(text).toContain('2026-0142');
    // eslint-disable-next-line no-control-regex -- the test checks no control character reaches the PDF's text
    expect(text).not.toMatch(/[\u0000-\u0008\u000e-\u001f\u202a-\u202e]/);
    const { readPdf } = await import('./_pdf.js');
    const info = (await readPdf(pdf)).info;
    // eslint-disable-next-line no-control-regex -- the test checks no control character reaches the PDF's metadata
    for (const key of ['Title', 'Author', 'Subject']) expect(String(info[key])).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(info.Title).toBe('Faktura 2026-0142');
    expect(info.Author).toBe('Serviceværket ApS');
    expect(info.Subject).toBe('Faktura 2026-0142 – Evil]0;pwn Corpfdp.exe');
  });
});
