import { describe, expect, it } from 'vitest';
import type { Element } from '@xmldom/xmldom';
import { EInvoiceError, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { InvoiceSchema, parseJsonRecord, type Invoice } from '../../src/model/index.js';
import { readFileSync } from 'node:fs';
import { sample, variant } from '../invoice/_samples.js';
import { all, one, parseXml, text } from './_ubl.js';

const ubl = (invoice: Invoice): Element => parseXml(renderInvoiceUbl(invoice)).documentElement!;
const paymentSample = (name: string): Invoice =>
  parseJsonRecord(InvoiceSchema, readFileSync(new URL(`../../samples/payment-means/${name}`, import.meta.url), 'utf8'), name);
const means = (doc: Element) => {
  const m = one(doc, 'cac:PaymentMeans');
  return [text(m, 'cbc:PaymentMeansCode'), text(m, 'cbc:PaymentID'), text(m, 'cac:PayeeFinancialAccount/cbc:ID'), text(m, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')];
};
function refusal(fn: () => unknown): EInvoiceError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EInvoiceError);
    return e as EInvoiceError;
  }
  throw new Error('expected a refusal');
}

describe('payment means, decided once from the record (Peppol DK-R-005..011)', () => {
  it('a FI line +71 is code 93, PaymentID 71#<payment id>, the creditor number as the account; BuyerReference is the buyer\'s attention line, never the FI line', () => {
    const inv = paymentSample('fik-dkk-2026-10.json');
    expect(inv.buyer.payment_reference).toBe('+71<000000001420009+85109074<');
    const doc = ubl(inv);
    expect(means(doc)).toEqual(['93', '71#000000001420009', '85109074', undefined]);
    expect(text(doc, 'cbc:BuyerReference')).toBe('Finance');
    expect(Buffer.from(renderInvoiceUbl(inv)).toString('utf8')).not.toContain('+71');
  });

  it('a +75 line keeps its 16-digit id, a +73 line has none; both 93 with the creditor number', () => {
    // 123456789012345 weighted 2,1,… from the right sums to 58: check digit 2 (by hand).
    const fik75 = variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+75<1234567890123452+85109074<', attention: 'Kreditorbogholderiet' }));
    expect(means(ubl(fik75))).toEqual(['93', '75#1234567890123452', '85109074', undefined]);
    const fik73 = variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+73<+85109074<', attention: 'Kreditorbogholderiet' }));
    expect(means(ubl(fik73))).toEqual(['93', '73#', '85109074', undefined]);
  });

  it('a DKK invoice to a Danish account is 42 with the account and the reg. no. as branch (DK-R-006), also from a Danish IBAN alone', () => {
    // The PaymentID is the invoice number, one invoice's alone; the buyer's own reference is the BuyerReference.
    expect(means(ubl(sample('kattegat-2026-10.json')))).toEqual(['42', '2026-0144', '1234567890', '3409']);
    // DK66 3409 1234 5678 90: reg. no. 3409, account 1234567890 (read by hand).
    const ibanOnly = variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank · IBAN DK66 3409 1234 5678 90 · BIC DABADKKK'));
    expect(means(ubl(ibanOnly))).toEqual(['42', '2026-0144', '1234567890', '3409']);
  });

  it('58 only for EUR with an IBAN; USD is an international transfer, 31, to the IBAN with the BIC', () => {
    expect(means(ubl(sample('fjordline-2026-10.json')))).toEqual(['58', '2026-0143', 'DK6634091234567890', 'DABADKKK']);
    expect(means(ubl(paymentSample('usd-norway-2026-10.json')))).toEqual(['31', '2026-0148', 'DK6634091234567890', 'DABADKKK']);
    const usdDk = variant('kattegat-2026-10.json', (j) => void (j.currency = 'USD'));
    expect(means(ubl(usdDk))[0]).toBe('31');
    const eurNoIban = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank, reg. 3409 konto 1234567890'));
    expect(refusal(() => renderInvoiceUbl(eurNoIban)).field).toBe('seller.bank');
  });

  it('a seller with an FI creditor number: each DKK invoice a +71 id built from its number (93, 71#<id>), never the buyer\'s reference', () => {
    // 2026-0144 → 00000020260144; weighted 2,1,… from the right: 8+4+2+0+3+2+0+2 = 21 → check digit 9 (by hand).
    const withCreditor = variant('kattegat-2026-10.json', (j) => void (j.seller.bank = `${j.seller.bank} · FI-kreditornr. 85109074`));
    expect(means(ubl(withCreditor))).toEqual(['93', '71#000000202601449', '85109074', undefined]);
    expect(text(ubl(withCreditor), 'cbc:BuyerReference')).toBe('KD-2026-10');
    // The same seller's EUR invoice is paid by transfer, quoting the invoice number: an FI card pays DKK only.
    const eur = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = `${j.seller.bank} · FI-kreditornr. 85109074`));
    expect(means(ubl(eur))).toEqual(['58', '2026-0143', 'DK6634091234567890', 'DABADKKK']);
  });

  it('a USD invoice with reg. no., account and IBAN but no BIC: 31 to the IBAN without a branch abroad (BT-86 is optional), 42 with the reg. no. to a Danish buyer (DK-R-006)', () => {
    const noBic = 'Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK66 3409 1234 5678 90';
    expect(means(ubl(variant('../payment-means/usd-norway-2026-10.json', (j) => void (j.seller.bank = noBic))))).toEqual(['31', '2026-0148', 'DK6634091234567890', undefined]);
    expect(means(ubl(variant('kattegat-2026-10.json', (j) => void ((j.currency = 'USD'), (j.seller.bank = noBic)))))).toEqual(['42', '2026-0144', '1234567890', '3409']);
  });

  it('an IBAN ends at its country\'s length where text follows (an outside audit: "… 90 BIC DABADKKK" was read as one IBAN and refused)', () => {
    // DK6634091234567890: mod 97 = 1 (by hand, ISO 13616); Danish IBANs are 18 characters (SWIFT's IBAN Registry).
    for (const bank of ['IBAN DK66 3409 1234 5678 90 BIC DABADKKK', 'IBAN DK66 3409 1234 5678 90 SWIFT/BIC DABADKKK', 'Danske Bank\nIBAN DK66 3409 1234 5678 90\nBIC DABADKKK']) {
      expect(means(ubl(variant('fjordline-2026-10.json', (j) => void (j.seller.bank = bank)))), bank).toEqual(['58', '2026-0143', 'DK6634091234567890', 'DABADKKK']);
    }
    // A run whose country length falls inside a group is not cut into another account: it is refused by name.
    const typo = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 901 BIC DABADKKK'));
    expect(refusal(() => renderInvoiceUbl(typo)).message).toContain('DK66340912345678901');
  });

  it('each IBAN with the BIC written with it, never the first BIC for all (an outside audit)', () => {
    // DE89370400440532013000: mod 97 = 1 (by hand); German IBANs are 22 characters.
    const two = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 90 · BIC DABADKKK · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX'));
    const accounts = all(ubl(two), 'cac:PaymentMeans/cac:PayeeFinancialAccount').map((a) => [text(a, 'cbc:ID'), text(a, 'cac:FinancialInstitutionBranch/cbc:ID')]);
    expect(accounts).toEqual([['DK6634091234567890', 'DABADKKK'], ['DE89370400440532013000', 'COBADEFFXXX']]);
    // The second IBAN without a BIC of its own gets none (BT-86 is optional), not the first's.
    const oneBic = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 90 · BIC DABADKKK · IBAN DE89 3704 0044 0532 0130 00'));
    expect(all(ubl(oneBic), 'cac:PaymentMeans/cac:PayeeFinancialAccount').map((a) => text(a, 'cac:FinancialInstitutionBranch/cbc:ID'))).toEqual(['DABADKKK', undefined]);
  });

  it('reads every IBAN of a text whose parts are separated by spaces only, and refuses one failing its check (a reviewer: the second was dropped)', () => {
    const spaced = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 90 BIC DABADKKK IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX'));
    expect(all(ubl(spaced), 'cac:PaymentMeans/cac:PayeeFinancialAccount').map((a) => [text(a, 'cbc:ID'), text(a, 'cac:FinancialInstitutionBranch/cbc:ID')]))
      .toEqual([['DK6634091234567890', 'DABADKKK'], ['DE89370400440532013000', 'COBADEFFXXX']]);
    // DE00…: the same account with check digits 00, which fail mod 97.
    const bad = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 90 BIC DABADKKK IBAN DE00 3704 0044 0532 0130 00 BIC COBADEFFXXX'));
    expect(refusal(() => renderInvoiceUbl(bad)).message).toContain('DE00370400440532013000');
  });

  it('IBANs however their groups are spaced: the French 5-5-11-2, double spaces and tabs, a short group then the account (a reviewer: "FR76" alone was read, and passes mod 97)', () => {
    // FR7630006000011234567890189: mod 97 = 1 (by hand, ISO 13616); French IBANs are 27 characters.
    const acct = (bank: string, base = 'fjordline-2026-10.json') => means(ubl(variant(base, (j) => void (j.seller.bank = bank))));
    expect(acct('IBAN FR76 30006 00001 12345678901 89 · BIC AGRIFRPP')).toEqual(['58', '2026-0143', 'FR7630006000011234567890189', 'AGRIFRPP']);
    expect(acct('IBAN FR76  3000 6000 0112 3456 7890 189 BIC AGRIFRPP')).toEqual(['58', '2026-0143', 'FR7630006000011234567890189', 'AGRIFRPP']);
    expect(acct('IBAN FR76\u202f3000\u202f6000\u202f0112\u202f3456\u202f7890\u202f189')).toEqual(['58', '2026-0143', 'FR7630006000011234567890189', undefined]);
    expect(acct('IBAN DK66 3409 1234567890 · BIC DABADKKK')).toEqual(['58', '2026-0143', 'DK6634091234567890', 'DABADKKK']);
    expect(acct('Reg. 3409 Konto 1234567890 · IBAN DK66\t3409  1234 5678 90', 'kattegat-2026-10.json')).toEqual(['42', '2026-0144', '1234567890', '3409']);
  });

  it('never reads a piece of an IBAN that passes mod 97 by chance (a fourth review: "FR76-3000-…" gave BT-84 FR76)', () => {
    const acct = (bank: string) => means(ubl(variant('fjordline-2026-10.json', (j) => void (j.seller.bank = bank))));
    // Hyphens and dots between groups are separators too.
    expect(acct('BNP Paribas · IBAN FR76-3000-6000-0112-3456-7890-189 · BIC BNPAFRPP')).toEqual(['58', '2026-0143', 'FR7630006000011234567890189', 'BNPAFRPP']);
    expect(acct('IBAN FR76.3000.6000.0112.3456.7890.189')).toEqual(['58', '2026-0143', 'FR7630006000011234567890189', undefined]);
    // A run that does not reach its country's length is refused by name, even where its piece passes mod 97 ("FR76").
    expect(refusal(() => renderInvoiceUbl(variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN FR76/3000/6000/0112/3456/7890/189'))))).toBeInstanceOf(EInvoiceError);
    // A country outside SWIFT's IBAN Registry (Iran) is refused, never cut where mod 97 happens to pass.
    expect(refusal(() => renderInvoiceUbl(variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN IR06 2960 0000 0010 0324 2000 01 Office Tehran'))))).toBeInstanceOf(EInvoiceError);
    // The Danish spellings of the word.
    for (const bank of ['IBAN nr. DK66 3409 1234 5678 90', 'IBAN-nr.: DK66 3409 1234 5678 90', 'Iban: DK66 3409 1234 5678 90']) expect(acct(bank), bank).toEqual(['58', '2026-0143', 'DK6634091234567890', undefined]);
  });

  it('a fifth review: an account in groups, a digit too many or too few, check digits 00/01/99, a letter in a Danish IBAN, a word after SWIFT', () => {
    const dkk = (bank: string) => variant('kattegat-2026-10.json', (j) => void (j.seller.bank = bank));
    const eur = (bank: string) => variant('fjordline-2026-10.json', (j) => void (j.seller.bank = bank));
    // A Danish account of fewer than ten digits with more digits after it cannot be told apart:
    // grouped ("1234 567 890"), or followed by the next line's postcode or terms once the lines are
    // one ("123456 8600 Silkeborg", "12345678 30 dage")? Reading either part put another account
    // into BT-84 (two outside reviews), so neither is read: refused, the text named...
    const unclearCases: Array<[string, string]> = [['Danske Bank · Reg. nr. 3409 Konto 1234 567 890', '1234 567 890'], ['Reg. 3409 · Konto 12 3456 7890 · BIC DABADKKK', '12 3456 7890'], ['Jyske Bank Reg. 7890 Konto 123456 8600 Silkeborg', '123456 8600'], ['Danske Bank · Reg. 3409 Konto 12345678 30 dage netto', '12345678 30']];
    for (const [bank, unclear] of unclearCases) {
      expect(refusal(() => renderInvoiceUbl(dkk(bank))).message, bank).toContain(`the account number cannot be told apart from the number after it ("${unclear}")`);
    }
    // …unless the IBAN beside it says the account, which must be one of its readings ("0440 116243" is 0440116243)…
    expect(means(ubl(dkk('Danske Bank · Reg. 3409 Konto 1234 567 890 · IBAN DK66 3409 1234 5678 90')))).toEqual(['42', '2026-0144', '1234567890', '3409']);
    expect(means(ubl(dkk('Danske Bank · Reg. 0040 Konto 0440 116243 · IBAN DK50 0040 0440 1162 43')))).toEqual(['42', '2026-0144', '0440116243', '0040']);
    // …or the text names two accounts and is refused, as a clear account that is not the IBAN's is (a fourth review: it was let through).
    expect(refusal(() => renderInvoiceUbl(dkk('Danske Bank · Reg. 0040 Konto 4069 7425 · IBAN DK50 0040 0440 1162 43'))).message).toContain('is not the account of the IBAN DK5000400440116243');
    // A next number that would make more than ten digits is not part of the account (12345678 and 8600 are twelve).
    expect(means(ubl(dkk('Danske Bank Reg. 3409 Konto 12345678 8600 Silkeborg')))).toEqual(['42', '2026-0144', '12345678', '3409']);
    // Ten digits are the whole account, whatever follows (a postcode, a phone number).
    expect(means(ubl(dkk('Danske Bank, Reg. 3409 Konto 1234567890 2100 København Ø')))).toEqual(['42', '2026-0144', '1234567890', '3409']);
    // Aligned with runs of spaces, as some footers are: read as written.
    expect(means(ubl(dkk('Reg.nr.:     3409   Kontonr.:      1234567890')))).toEqual(['42', '2026-0144', '1234567890', '3409']);
    // A digit too few before a word ("A/S" is not the IBAN's last character) is refused, never read with the word's letter.
    expect(refusal(() => renderInvoiceUbl(eur('Banka · IBAN RS83 0960 8479 7468 4185 1 A/S'))).message).toContain('RS8309608479746841851');
    // A whole IBAN of a length divisible by four ends there, whatever follows, also one digit (the next
    // line's "2 % descuento" once the lines are one; a fourth review): a typed digit too many at its end
    // cannot be told from that, and is left to mod 97.
    expect(means(ubl(eur('CaixaBank IBAN ES91 2100 0418 4502 0005 1332 2 % descuento por pronto pago')))).toEqual(['58', '2026-0143', 'ES9121000418450200051332', undefined]);
    // "NO 93" is Norway's IBAN, not the label "no"; the hyphens a word processor puts in separate groups too (en dash, non-breaking hyphen, minus).
    expect(means(ubl(eur('IBAN NO 93 8601 1117 947')))).toEqual(['58', '2026-0143', 'NO9386011117947', undefined]);
    for (const dash of ['\u2013', '\u2011', '\u2212']) expect(means(ubl(eur(`IBAN DK66${dash}3409${dash}1234${dash}5678${dash}90`))), dash).toEqual(['58', '2026-0143', 'DK6634091234567890', undefined]);
    // A word after a whole IBAN in groups of four still ends it; so does a number of more than one
    // digit (a postcode on the next line, once the lines are one), and national groupings read by length.
    expect(means(ubl(eur('IBAN BE68 5390 0754 7034 EUR')))).toEqual(['58', '2026-0143', 'BE68539007547034', undefined]);
    expect(means(ubl(eur('Erste Bank IBAN AT61 1904 3002 3457 3201 1010 Wien BIC GIBAATWWXXX')))).toEqual(['58', '2026-0143', 'AT611904300234573201', 'GIBAATWWXXX']);
    expect(means(ubl(eur('IBAN NO93 8601 11 17947')))).toEqual(['58', '2026-0143', 'NO9386011117947', undefined]);
    expect(means(ubl(eur('IBAN: ES91 2100 0418 45 0200051332')))).toEqual(['58', '2026-0143', 'ES9121000418450200051332', undefined]);
    expect(means(ubl(eur('Danske Bank    IBAN:      DK66 3409 1234 5678 90    BIC:      DABADKKK')))).toEqual(['58', '2026-0143', 'DK6634091234567890', 'DABADKKK']);
    // Check digits 00, 01 and 99 pass mod 97 but are never issued (98 minus the remainder: 02-98);
    // DK01 3409 1234 5678 96 is the twin of the issued DK98 for that account.
    for (const iban of ['DK0134091234567896', 'DK0034091234567817', 'DK9934091234567878']) {
      expect(refusal(() => renderInvoiceUbl(eur(`IBAN ${iban}`))).message, iban).toContain(iban);
    }
    // A Danish IBAN's account part is digits (4!n9!n1!n): an S for a 5 is refused though it passes mod 97.
    expect(refusal(() => renderInvoiceUbl(dkk('Danske Bank · IBAN DK21 3409 1234 S678 90 · BIC DABADKKK'))).message).toContain('DK213409');
    // A BIC in lower case is still one where its letters 5-6 name a country.
    expect(means(ubl(eur('Commerzbank · IBAN DE89 3704 0044 0532 0130 00 · BIC cobadeffxxx')))).toEqual(['58', '2026-0143', 'DE89370400440532013000', 'COBADEFFXXX']);
    // Prose after the word is no IBAN ("ab" is no country in capitals): the reg. and account are read.
    expect(means(ubl(dkk('Danske Bank · Reg. 3409 Konto 1234567890 · Neue IBAN ab 01.01.2027: DK66 3409 1234 5678 90')))).toEqual(['42', '2026-0144', '1234567890', '3409']);
    // "SWIFT payments welcome" names no BIC (BICs are written in capitals, ISO 9362): a Danish buyer
    // paid in USD without a BIC gets the Danish account of the IBAN (42), not 31 to a bank "PAYMENTS".
    const usd = variant('kattegat-2026-10.json', (j) => {
      j.currency = 'USD';
      j.seller.bank = 'Danske Bank · IBAN DK66 3409 1234 5678 90 · SWIFT payments welcome';
    });
    expect(means(ubl(usd))).toEqual(['42', '2026-0144', '1234567890', '3409']);
  });

  it('reads the IBAN behind the labels bank texts use (a fifth review: each hid it, so a wrong one went unchecked)', () => {
    const eur = (bank: string) => means(ubl(variant('fjordline-2026-10.json', (j) => void (j.seller.bank = bank))));
    for (const bank of ['Commerzbank · IBAN/BIC: DE89 3704 0044 0532 0130 00 / COBADEFFXXX', 'IBAN og BIC: DE89 3704 0044 0532 0130 00', 'Kontonummer (IBAN): DE89 3704 0044 0532 0130 00', 'IBAN-Nummer: DE89 3704 0044 0532 0130 00', 'IBAN Number: DE89 3704 0044 0532 0130 00', 'IBAN #: DE89 3704 0044 0532 0130 00', 'IBAN (EUR): DE89 3704 0044 0532 0130 00', 'IBAN - DE89 3704 0044 0532 0130 00', 'IBAN: DE 89 3704 0044 0532 0130 00', 'IBAN DE-89-3704-0044-0532-0130-00']) {
      expect(eur(bank), bank).toEqual(['58', '2026-0143', 'DE89370400440532013000', undefined]);
    }
    // A wrong IBAN behind such a label is now read, and refused by name (DK67: the check digits of DK66 3409 1234 5678 90 are 66).
    const wrong = variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank · Reg. 3409 Konto 1234567890 · IBAN/BIC: DK67 3409 1234 5678 90 / DABADKKK'));
    expect(refusal(() => renderInvoiceUbl(wrong)).message).toContain('DK6734091234567890');
    // "IBAN" with no number after it reads nothing.
    expect(means(ubl(variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Reg. 3409 Konto 1234567890 · IBAN on request, tel 12 34 56 78'))))).toEqual(['42', '2026-0144', '1234567890', '3409']);
  });

  it('reads a bank text with long runs of spaces (a fifth review: 6,000 spaces after "Reg." took 79 s, past any test\'s time)', () => {
    const bank = `Danske Bank · Reg.${' '.repeat(6000)}3409x · konto${' '.repeat(6000)}x · IBAN DK66 3409 1234 5678 90`;
    // No reg. no. is read there (more than three blanks part the word from the number): the account comes from the IBAN.
    expect(means(ubl(variant('kattegat-2026-10.json', (j) => void (j.seller.bank = bank))))).toEqual(['42', '2026-0144', '1234567890', '3409']);
  });

  it('a BIC goes to one account only: a second IBAN of its country without its own gets none (a fourth review)', () => {
    const pairs = all(ubl(variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 90 · BIC DABADKKK · Nordea IBAN DK50 0040 0440 1162 43'))), 'cac:PaymentMeans/cac:PayeeFinancialAccount')
      .map((a) => [text(a, 'cbc:ID'), text(a, 'cac:FinancialInstitutionBranch/cbc:ID')]);
    expect(pairs).toEqual([['DK6634091234567890', 'DABADKKK'], ['DK5000400440116243', undefined]]);
  });

  it('BICs written as a list beside the IBANs go by country, then by order (a reviewer)', () => {
    // DK5000400440116243: mod 97 = 1 (by hand); Nordea's BIC NDEADKKK.
    const pairs = (bank: string, base = 'fjordline-2026-10.json') => all(ubl(variant(base, (j) => void (j.seller.bank = bank))), 'cac:PaymentMeans/cac:PayeeFinancialAccount').map((a) => [text(a, 'cbc:ID'), text(a, 'cac:FinancialInstitutionBranch/cbc:ID')]);
    expect(pairs('IBAN DK66 3409 1234 5678 90 · IBAN DK50 0040 0440 1162 43 · BIC DABADKKK · BIC NDEADKKK')).toEqual([['DK6634091234567890', 'DABADKKK'], ['DK5000400440116243', 'NDEADKKK']]);
    expect(pairs('BIC DABADKKK · BIC NDEADKKK · IBAN DK66 3409 1234 5678 90 · IBAN DK50 0040 0440 1162 43')).toEqual([['DK6634091234567890', 'DABADKKK'], ['DK5000400440116243', 'NDEADKKK']]);
    expect(pairs('IBAN GB29 NWBK 6016 1331 9268 19 · IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX · BIC NWBKGB2L')).toEqual([['GB29NWBK60161331926819', 'NWBKGB2L'], ['DE89370400440532013000', 'COBADEFFXXX']]);
  });

  it('a BIC written before its IBAN goes with it, by the country both name (letters 5-6 of a BIC)', () => {
    const before = variant('fjordline-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK66 3409 1234 5678 90 · Commerzbank BIC COBADEFFXXX IBAN DE89 3704 0044 0532 0130 00'));
    expect(all(ubl(before), 'cac:PaymentMeans/cac:PayeeFinancialAccount').map((a) => [text(a, 'cbc:ID'), text(a, 'cac:FinancialInstitutionBranch/cbc:ID')]))
      .toEqual([['DK6634091234567890', undefined], ['DE89370400440532013000', 'COBADEFFXXX']]);
  });

  it('a Danish buyer paid in USD to IBANs of which one has its BIC: code 31 to that one (DK-R-006 wants the bank beside each account)', () => {
    const usd = variant('kattegat-2026-10.json', (j) => void ((j.currency = 'USD'), (j.seller.bank = 'IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX · IBAN GB29 NWBK 6016 1331 9268 19')));
    expect(means(ubl(usd))).toEqual(['31', '2026-0144', 'DE89370400440532013000', 'COBADEFFXXX']);
    expect(all(ubl(usd), 'cac:PaymentMeans/cac:PayeeFinancialAccount')).toHaveLength(1);
  });

  it('every sample: no payment code in BuyerReference, and the record\'s buyer reference where it has one', () => {
    for (const name of ['nordlys-2026-10.json', 'kattegat-2026-10.json', 'fjordline-2026-10.json']) {
      const inv = sample(name);
      expect(text(ubl(inv), 'cbc:BuyerReference')).toBe(inv.buyer.payment_reference);
    }
  });

  it('refuses a payment line it cannot state, and a FI line on an invoice not in DKK, naming the field and the code', () => {
    const giro = variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { payment_reference: '+01<1234567+12345678<', attention: 'AP' }));
    const e1 = refusal(() => renderInvoiceUbl(giro));
    expect([e1.field, e1.code]).toEqual(['buyer.payment_reference', 'payment_line_unknown']);
    const usdFik = variant('kattegat-2026-10.json', (j) => Object.assign(j, { currency: 'USD' }, { buyer: { ...j.buyer, payment_reference: '+71<000000001420009+85109074<' } }));
    const e2 = refusal(() => renderInvoiceUbl(usdFik));
    expect([e2.field, e2.code]).toEqual(['buyer.payment_reference', 'fik_not_dkk']);
    expect(e2.message).toMatch(/Danish kroner only.*USD/);
  });
});

describe('buyers Peppol reaches by a number their VAT number carries', () => {
  const buyer = (base: string, fields: Record<string, string>) => variant(base, (j) => Object.assign(j.buyer, { ean: '', cvr: '', address_line2: '' }, fields));
  const endpoint = (inv: Invoice) => {
    const e = one(ubl(inv), 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID');
    return [e.getAttribute('schemeID'), e.textContent];
  };

  it.each([
    // Check digits worked by hand: Norway mod 11 (weights 3 2 7 6 5 4 3 2), Sweden Luhn, Finland mod 11 (7 9 10 5 8 4 2), Italy Luhn, Greece powers of 2 mod 11,
    // Belgium mod 97 (04031707 = 97 × 41,563 + 96, and 97 − 96 = 01).
    ['Norway', 'fjordline-2026-10.json', { vat: 'NO923456783MVA', country: 'Norge', city: 'Hammerfest', postal_code: '9600' }, ['0192', '923456783']],
    ['Sweden', '../vat-treatments/eu-reverse-charge-2026-10.json', { vat: 'SE556036079301', country: 'Sverige', city: 'Göteborg', postal_code: '405 08' }, ['0007', '5560360793']],
    ['Finland', '../vat-treatments/eu-reverse-charge-2026-10.json', { vat: 'FI01120389', country: 'Suomi', city: 'Espoo', postal_code: '02610' }, ['0216', '003701120389']],
    ['Italy', '../vat-treatments/eu-reverse-charge-2026-10.json', { vat: 'IT12345678903', country: 'Italia', city: 'Milano', postal_code: '20121' }, ['0211', 'IT12345678903']],
    ['Greece', '../vat-treatments/eu-reverse-charge-2026-10.json', { vat: 'EL094014201', country: 'Ελλάδα', city: 'Athina', postal_code: '10431' }, ['9933', '094014201']],
    // Since Belgium's B2B mandate (1 January 2026) every Belgian company is on Peppol under 0208, its enterprise number; 9925 (its VAT number) only if it chose to be.
    ['Belgium', '../vat-treatments/eu-reverse-charge-2026-10.json', { vat: 'BE 0403.170.701', country: 'Belgique', city: 'Bruxelles', postal_code: '1000' }, ['0208', '0403170701']],
  ] as const)('%s', (_, base, fields, expected) => {
    expect(endpoint(buyer(base, fields))).toEqual(expected);
  });

  it('refuses a number that fails its check digit, naming buyer.vat (NO923456789MVA: the 9th digit should be 3)', () => {
    const e = refusal(() => renderInvoiceUbl(buyer('fjordline-2026-10.json', { vat: 'NO923456789MVA', country: 'Norge' })));
    expect([e.field, e.code]).toEqual(['buyer.vat', 'vat_check_digit']);
    expect(e.message).toContain('mod-11');
  });

  it('refuses a Belgian number failing mod 97, naming buyer.vat (BE0403170702: its last two digits should be 01)', () => {
    const e = refusal(() => renderInvoiceUbl(buyer('../vat-treatments/eu-reverse-charge-2026-10.json', { vat: 'BE0403170702', country: 'Belgique' })));
    expect([e.field, e.code]).toEqual(['buyer.vat', 'vat_check_digit']);
    expect(e.message).toContain('Belgian');
  });
});

describe('provider names in the item properties', () => {
  it('are the provider\'s name alone, whatever word the record put before it', () => {
    const inv = variant('nordlys-2026-10.json', (j) => {
      j.lines[4]!.description = 'heraf Anthropic';
      j.lines[5]!.description = 'Of which: OpenAI';
    });
    const usage = all(ubl(inv), 'cac:InvoiceLine').find((l) => all(l, 'cac:Item/cac:AdditionalItemProperty').length)!;
    expect(all(usage, 'cac:Item/cac:AdditionalItemProperty').map((p) => text(p, 'cbc:Name'))).toEqual(['Anthropic', 'OpenAI', 'Mistral AI']);
  });
});
