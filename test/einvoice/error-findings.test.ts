import { describe, expect, it } from 'vitest';
import { EInvoiceError, renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { checkInvoice } from '../../src/check/index.js';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import type { Invoice } from '../../src/model/index.js';
import { sample, variant } from '../invoice/_samples.js';

function refusal(fn: () => unknown): EInvoiceError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EInvoiceError);
    return e as EInvoiceError;
  }
  throw new Error('expected a refusal');
}

/** A Polish business (EU VAT number PL…) charged 25 % Danish VAT: the VAT decision says reverse charge. */
export const polishAt25 = (): Invoice =>
  variant('kattegat-2026-10.json', (j) => Object.assign(j.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', address_line1: 'ul. Długa 12', address_line2: '', postal_code: '80-827', city: 'Gdańsk', country: 'Polska', cvr: '', vat: 'PL5261040828' }));

describe('no e-invoice with an error-severity finding of checkInvoice', () => {
  it.each<[string, () => Invoice, string, string]>([
    ['a USD invoice with VAT and no usd_dkk_rate (VAT not stated in DKK, momsbekendtgørelsen § 97, stk. 2)', () => sample('../vat-treatments/usd-vat-without-rate-2026-09.json'), 'usd_dkk_rate', 'vat_not_in_dkk'],
    ['25 % Danish VAT (category S) charged to a Polish business', polishAt25, 'buyer.vat', 'danish_vat_to_eu_business'],
    // 31,740.28 + 100.00: the subtotal plus VAT is not the total asked.
    ['a total_cents 100.00 too high', () => variant('nordlys-2026-10.json', (j) => void (j.total_cents += 10000)), 'total_cents', 'total'],
  ])('%s: refused naming the field and the code, as invoice and PDF/A-3 carrying it', async (_, make, field, code) => {
    const inv = make();
    expect(checkInvoice(inv).filter((f) => f.severity === 'error').map((f) => f.code)).toContain(code);
    const e = refusal(() => renderInvoiceUbl(inv));
    expect([e.field, e.code]).toEqual([field, code]);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    expect(e.message.endsWith(`[${code}]`)).toBe(true);
    await expect(renderInvoicePdf(inv, { embedXml: true })).rejects.toBeInstanceOf(EInvoiceError);
  });

  // Issue 36: the credit note that cancels such an invoice mirrors it; only what the Peppol rules
  // reject in the mirror (BR-CO-15: total = net + VAT) refuses its XML. test/einvoice/peppol-rules.test.ts
  // runs the official rules on the mirrors made here.
  it.each<[string, () => Invoice, string | null]>([
    ['VAT in USD with no rate', () => sample('../vat-treatments/usd-vat-without-rate-2026-09.json'), null],
    ['Danish VAT to a Polish business', polishAt25, null],
    ['a total 100.00 too high', () => variant('nordlys-2026-10.json', (j) => void (j.total_cents += 10000)), 'BR-CO-15'],
  ])('the credit note of an invoice with %s: its XML unless the Peppol rules reject the mirror', (_, make, rule) => {
    const inv = make();
    const credit = () => renderCreditNoteUbl(inv, { number: 'KN-1', issueDate: '2026-11-20' });
    if (rule) {
      const e = refusal(credit);
      expect(e.message).toContain(`Peppol rules (${rule})`);
    } else {
      expect(credit().length).toBeGreaterThan(1000);
    }
  });

  it('a warning does not stop the e-invoice (a Greek VAT number written with GR, not EL)', () => {
    const inv = variant('../vat-treatments/eu-reverse-charge-2026-10.json', (j) => Object.assign(j.buyer, { vat: 'GR094014201', country: 'Greece', city: 'Athina', postal_code: '10431' }));
    expect(checkInvoice(inv).map((f) => [f.severity, f.code])).toEqual([['warning', 'greek_vat_prefix']]);
    expect(renderInvoiceUbl(inv).length).toBeGreaterThan(1000);
  });
});
