import { describe, expect, it } from 'vitest';
import { EInvoiceError, renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { SchemaError, type CreditNoteDetails, type Invoice } from '../../src/model/index.js';
import { sample, variant } from '../invoice/_samples.js';

/** The error a call throws, or a failure when it returns. */
function refusal(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a refusal');
}

function refusedAt(invoice: Invoice, field: string): EInvoiceError {
  const e = refusal(() => renderInvoiceUbl(invoice));
  expect(e).toBeInstanceOf(EInvoiceError);
  expect((e as EInvoiceError).field).toBe(field);
  expect(e.message.startsWith(`${field}: `)).toBe(true);
  return e as EInvoiceError;
}

describe('renderInvoiceUbl refuses what cannot become a valid e-invoice, naming the field', () => {
  it('a void invoice (a credit note replaces it)', () => {
    expect(refusedAt(sample('nordlys-2026-10-void.json'), 'status').message).toMatch(/void.*credit note/);
  });

  it('a country that is no country', () => {
    expect(refusedAt(variant('fjordline-2026-10.json', (j) => void (j.buyer.country = 'Atlantis')), 'buyer.country').message).toContain('"Atlantis"');
  });

  it('an EAN with a bad GS1 check digit', () => {
    const inv = variant('nordlys-2026-10.json', (j) => void (j.buyer.ean = j.buyer.ean.slice(0, 12) + String((Number(j.buyer.ean[12]) + 1) % 10)));
    expect(refusedAt(inv, 'buyer.ean').message).toMatch(/check digit/);
  });

  it('a seller bank text with no account in it, or an IBAN failing mod-97', () => {
    refusedAt(variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank')), 'seller.bank');
    expect(refusedAt(variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'IBAN DK00 3409 1234 5678 90')), 'seller.bank').message).toMatch(/mod-97/);
  });

  it('a seller address without a country its postal code does not contradict, or without a postal code', () => {
    // A Danish seller's address without a country is in DK (invoice-ubl.test.ts), but not with another country's postal code.
    expect(refusedAt(variant('kattegat-2026-10.json', (j) => void (j.seller.address = 'Strandgade 12, SE-411 01 Göteborg')), 'seller.address').message).toContain('does not end with a country');
    expect(refusedAt(variant('kattegat-2026-10.json', (j) => void (j.seller.address = 'Strandgade 12')), 'seller.address').message).toContain('(expected "street, postal code city, country")');
    expect(refusedAt(variant('kattegat-2026-10.json', (j) => void (j.seller.address = 'Strandgade 12, Danmark')), 'seller.address').message).toContain('no "postal code city" part');
    // A last part that is no postal code and city is not dropped for DK (a reviewer): Greenland, an attention line.
    for (const address of ['Box 123, 3900 Nuuk, Kalaallit Nunaat', 'Strandgade 12, 1401 København K, Att. Finance', 'Aqqusinersuaq 1, 3900 Nuuk']) {
      expect(refusedAt(variant('kattegat-2026-10.json', (j) => void (j.seller.address = address)), 'seller.address').message, address).toContain('does not end with a country');
    }
  });

  it('0 % VAT to a Danish buyer: no treatment the record supports', () => {
    const inv = variant('kattegat-2026-10.json', (j) => {
      j.vat_rate_bps = 0;
      j.vat_cents = 0;
      j.total_cents = j.subtotal_cents;
    });
    const e = refusal(() => renderInvoiceUbl(inv)) as EInvoiceError;
    expect(e).toBeInstanceOf(EInvoiceError);
    expect(e.field).toContain('vat_rate_bps');
    expect(e.message).toMatch(/Denmark/);
  });

  it('lines that do not add up to the subtotal, and a VAT amount one øre off', () => {
    refusedAt(variant('kattegat-2026-10.json', (j) => void (j.lines[0]!.line_total_cents += 1)), 'lines[0].line_total_cents');
    refusedAt(variant('kattegat-2026-10.json', (j) => void ((j.vat_cents += 1), (j.total_cents += 1))), 'vat_cents');
    const extra = variant('kattegat-2026-10.json', (j) => void j.lines.push({ sort_order: 9999, kind: 'subscription', description: 'Extra', quantity: 1, unit_price_cents: 100, line_total_cents: 100 }));
    // checkInvoice names it first: the plan subtotal is no longer its subscription lines' sum.
    refusedAt(extra, 'subscription_subtotal_cents');
  });

  it('an empty buyer reference (Peppol needs a buyer or order reference, PEPPOL-EN16931-R003)', () => {
    refusedAt(variant('kattegat-2026-10.json', (j) => void (j.buyer.payment_reference = ' ')), 'buyer.payment_reference');
  });
});

describe('renderCreditNoteUbl refuses a credit note without its own number or date', () => {
  const inv = sample('nordlys-2026-10.json');
  it.each<[string, Partial<CreditNoteDetails>, string]>([
    ['no number', { issueDate: '2026-11-20' }, 'number'],
    ['a blank number', { number: '  ', issueDate: '2026-11-20' }, 'number'],
    ['no date', { number: 'KN-1' }, 'issueDate'],
    ['a date that is no date', { number: 'KN-1', issueDate: '2026-02-30' }, 'issueDate'],
  ])('%s', (_, details, field) => {
    const e = refusal(() => renderCreditNoteUbl(inv, details as CreditNoteDetails));
    expect(e).toBeInstanceOf(SchemaError);
    expect((e as SchemaError).path).toBe(field);
  });

  it('a date before the invoice it credits', () => {
    const e = refusal(() => renderCreditNoteUbl(inv, { number: 'KN-1', issueDate: '2026-11-02' })) as EInvoiceError;
    expect(e.field).toBe('issueDate');
  });
});
