import { describe, expect, it } from 'vitest';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { EInvoiceError } from '../../src/einvoice/index.js';
import { sample, variant } from '../invoice/_samples.js';
import { negativeReverseCharge } from './_audit-records.js';
import { all, emptyElements, money, one, parseXml, text } from './_ubl.js';

const CREDIT = { number: 'KN-2026-007', issueDate: '2026-11-20', reason: 'Wrong plan billed' };

describe('renderCreditNoteUbl', () => {
  for (const name of ['nordlys-2026-10-void.json', 'nordlys-2026-10.json', 'kattegat-2026-10.json', 'fjordline-2026-10.json']) {
    it(`${name}: its own number and date, the invoice's number and date, the same lines and amounts, positive`, () => {
      const inv = sample(name);
      const doc = parseXml(renderCreditNoteUbl(inv, CREDIT)).documentElement!;
      expect(doc.localName).toBe('CreditNote');
      expect(doc.namespaceURI).toBe('urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2');
      expect(text(doc, 'cbc:ID')).toBe(CREDIT.number);
      expect(text(doc, 'cbc:IssueDate')).toBe(CREDIT.issueDate);
      expect(text(doc, 'cbc:CreditNoteTypeCode')).toBe('381');
      expect(text(doc, 'cbc:Note')).toContain(CREDIT.reason);
      expect(text(doc, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe(inv.invoice_number);
      expect(text(doc, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe(inv.issued_at.slice(0, 10));
      expect(all(doc, 'cac:PaymentMeans')).toHaveLength(0);
      expect(text(doc, 'cac:PaymentTerms/cbc:Note')).toContain(inv.invoice_number);
      expect(inv.total_cents).toBeGreaterThan(0);
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe(money(inv.total_cents));
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')).toBe(money(inv.subtotal_cents));
      expect(text(doc, 'cac:TaxTotal/cbc:TaxAmount')).toBe(money(inv.vat_cents));
      const charged = [...inv.lines].sort((a, b) => a.sort_order - b.sort_order).filter((l) => l.kind !== 'usage_provider');
      const lines = all(doc, 'cac:CreditNoteLine');
      expect(lines.map((l) => [text(l, 'cbc:CreditedQuantity'), text(l, 'cbc:LineExtensionAmount'), text(l, 'cac:Price/cbc:PriceAmount'), text(l, 'cac:Item/cbc:Name')])).toEqual(
        charged.map((l) => [String(l.quantity), money(l.line_total_cents), money(l.unit_price_cents), l.description]),
      );
      // The parties and the VAT category are the invoice's.
      const invoiceDoc = name.includes('void') ? undefined : parseXml(renderInvoiceUbl(inv)).documentElement!;
      if (invoiceDoc) {
        for (const path of ['cac:AccountingSupplierParty', 'cac:AccountingCustomerParty', 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory']) {
          expect(one(doc, path).toString()).toBe(one(invoiceDoc, path).toString());
        }
      }
      expect(emptyElements(doc.ownerDocument!)).toEqual([]);
    });
  }
});

describe('renderCreditNoteUbl of a negative invoice (DK-R-016 is for a buyer in Denmark)', () => {
  it('to a German business: a credit note whose total is negative, as the invoice\'s', () => {
    const inv = negativeReverseCharge();
    expect(inv.total_cents).toBe(-100000);
    const doc = parseXml(renderCreditNoteUbl(inv, CREDIT)).documentElement!;
    expect(text(doc, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe('DE');
    for (const path of ['cbc:LineExtensionAmount', 'cbc:TaxExclusiveAmount', 'cbc:TaxInclusiveAmount', 'cbc:PayableAmount']) {
      expect(text(doc, `cac:LegalMonetaryTotal/${path}`), path).toBe('-1000.00');
    }
    expect(text(doc, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID')).toBe('AE');
    expect(emptyElements(doc.ownerDocument!)).toEqual([]);
  });

  it('to a Danish business: refused naming total_cents and DK-R-016', () => {
    const inv = variant('kattegat-2026-10.json', (j) => {
      j.lines = [{ sort_order: 10, kind: 'subscription', description: 'Kreditering', quantity: 1, unit_price_cents: -100000, line_total_cents: -100000 }];
      Object.assign(j, { subscription_subtotal_cents: -100000, usage_subtotal_cents: 0, subtotal_cents: -100000, vat_cents: -25000, total_cents: -125000 });
    });
    expect(() => renderCreditNoteUbl(inv, CREDIT)).toThrow(EInvoiceError);
    expect(() => renderCreditNoteUbl(inv, CREDIT)).toThrow(/^total_cents: -125000 is negative; .*\(DK-R-016\)$/);
  });
});
