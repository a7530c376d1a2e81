import { describe, expect, it } from 'vitest';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import { sample } from '../invoice/_samples.js';
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
