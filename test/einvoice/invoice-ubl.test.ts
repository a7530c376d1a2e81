import { describe, expect, it } from 'vitest';
import type { Element } from '@xmldom/xmldom';
import { Decimal } from 'decimal.js';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../../src/einvoice/index.js';
import type { Invoice } from '../../src/model/index.js';
import { sample, variant } from '../invoice/_samples.js';
import { all, emptyElements, money, one, parseXml, text } from './_ubl.js';
import { sellerAddresses, sellerAt, usdMentions } from './_audit-records.js';

const ISSUED = ['nordlys-2026-10.json', 'nordlys-2026-09.json', 'kattegat-2026-10.json', 'fjordline-2026-10.json'];
/** The buyers' countries as the samples write them, mapped by hand. */
const COUNTRY: Record<string, string> = { Danmark: 'DK', 'United Kingdom': 'GB' };

function ubl(invoice: Invoice): Element {
  return parseXml(renderInvoiceUbl(invoice)).documentElement!;
}

/** The IBAN and BIC as the seller's bank text writes them, read by hand. */
function bankOf(invoice: Invoice): { iban: string; bic: string } {
  const iban = /IBAN ([A-Z]{2}[0-9 ]+?)\s*(?:·|$)/.exec(invoice.seller.bank)![1]!.replace(/ /g, '');
  const bic = /BIC ([A-Z0-9]+)/.exec(invoice.seller.bank)![1]!;
  return { iban, bic };
}

describe('renderInvoiceUbl on the samples: every amount and party field, read back with @xmldom/xmldom', () => {
  for (const name of ISSUED) {
    it(name, () => {
      const inv = sample(name);
      const doc = ubl(inv);
      expect(doc.localName).toBe('Invoice');
      expect(doc.namespaceURI).toBe('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
      expect(text(doc, 'cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
      expect(text(doc, 'cbc:ProfileID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
      expect(text(doc, 'cbc:ID')).toBe(inv.invoice_number);
      expect(text(doc, 'cbc:IssueDate')).toBe(inv.issued_at.slice(0, 10));
      expect(text(doc, 'cbc:DueDate')).toBe(inv.due_at);
      expect(text(doc, 'cbc:InvoiceTypeCode')).toBe('380');
      expect(text(doc, 'cbc:DocumentCurrencyCode')).toBe(inv.currency);
      expect(text(doc, 'cbc:BuyerReference')).toBe(inv.buyer.payment_reference);
      expect(text(doc, 'cac:InvoicePeriod/cbc:StartDate')).toBe(inv.period_start);
      expect(text(doc, 'cac:InvoicePeriod/cbc:EndDate')).toBe(inv.period_end);

      // The seller: CVR as endpoint and legal registration (0184), its one-line address split.
      const seller = one(doc, 'cac:AccountingSupplierParty/cac:Party');
      expect(one(seller, 'cbc:EndpointID').getAttribute('schemeID')).toBe('0184');
      expect(text(seller, 'cbc:EndpointID')).toBe(inv.seller.cvr);
      expect(text(seller, 'cac:PartyLegalEntity/cbc:RegistrationName')).toBe(inv.seller.legal_name);
      expect(text(seller, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe(inv.seller.cvr);
      expect(one(seller, 'cac:PartyLegalEntity/cbc:CompanyID').getAttribute('schemeID')).toBe('0184');
      expect(text(seller, 'cac:Contact/cbc:ElectronicMail')).toBe(inv.seller.email);
      expect(inv.seller.address).toBe('Strandgade 12, 1401 København K, Danmark');
      expect(text(seller, 'cac:PostalAddress/cbc:StreetName')).toBe('Strandgade 12');
      expect(text(seller, 'cac:PostalAddress/cbc:PostalZone')).toBe('1401');
      expect(text(seller, 'cac:PostalAddress/cbc:CityName')).toBe('København K');
      expect(text(seller, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe('DK');

      // The buyer.
      const buyer = one(doc, 'cac:AccountingCustomerParty/cac:Party');
      const country = COUNTRY[inv.buyer.country]!;
      const endpoint = one(buyer, 'cbc:EndpointID');
      if (inv.buyer.ean) expect([endpoint.getAttribute('schemeID'), endpoint.textContent]).toEqual(['0088', inv.buyer.ean]);
      else if (country === 'DK') expect([endpoint.getAttribute('schemeID'), endpoint.textContent]).toEqual(['0184', inv.buyer.cvr]);
      else expect([endpoint.getAttribute('schemeID'), endpoint.textContent]).toEqual(['9932', inv.buyer.vat]);
      expect(text(buyer, 'cac:PartyLegalEntity/cbc:RegistrationName')).toBe(inv.buyer.legal_name);
      expect(text(buyer, 'cac:PostalAddress/cbc:StreetName')).toBe(inv.buyer.address_line1);
      expect(text(buyer, 'cac:PostalAddress/cbc:AdditionalStreetName')).toBe(inv.buyer.address_line2 || undefined);
      expect(text(buyer, 'cac:PostalAddress/cbc:CityName')).toBe(inv.buyer.city);
      expect(text(buyer, 'cac:PostalAddress/cbc:PostalZone')).toBe(inv.buyer.postal_code);
      expect(text(buyer, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe(country);
      expect(text(buyer, 'cac:Contact/cbc:Name')).toBe(inv.buyer.attention || undefined);
      expect(text(buyer, 'cac:Contact/cbc:ElectronicMail')).toBe(inv.buyer.email ?? undefined);
      expect(text(buyer, 'cac:PartyLegalEntity/cbc:CompanyID')).toBe(country === 'DK' && inv.buyer.cvr ? inv.buyer.cvr : undefined);

      // VAT: Danish 25 % for Danish buyers; the UK buyer is outside the scope of Danish VAT (O:
      // no rate, and neither party's VAT number, BR-O-02).
      const outside = country === 'GB';
      expect(text(seller, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe(outside ? undefined : inv.seller.vat);
      expect(text(buyer, 'cac:PartyTaxScheme/cbc:CompanyID')).toBe(outside ? undefined : inv.buyer.vat);
      const taxTotals = all(doc, 'cac:TaxTotal');
      expect(taxTotals).toHaveLength(1);
      expect(text(taxTotals[0]!, 'cbc:TaxAmount')).toBe(money(inv.vat_cents));
      const sub = one(taxTotals[0]!, 'cac:TaxSubtotal');
      expect(text(sub, 'cbc:TaxableAmount')).toBe(money(inv.subtotal_cents));
      expect(text(sub, 'cbc:TaxAmount')).toBe(money(inv.vat_cents));
      expect(text(sub, 'cac:TaxCategory/cbc:ID')).toBe(outside ? 'O' : 'S');
      expect(text(sub, 'cac:TaxCategory/cbc:Percent')).toBe(outside ? undefined : '25');
      expect(text(sub, 'cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe(outside ? 'VATEX-EU-O' : undefined);
      expect(text(sub, 'cac:TaxCategory/cbc:TaxExemptionReason') ?? '').toContain(outside ? 'Article 44' : '');
      for (const el of all(doc, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReason')) expect(el.textContent).not.toBe('');

      // Totals.
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toBe(money(inv.subtotal_cents));
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')).toBe(money(inv.subtotal_cents));
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe(money(inv.total_cents));
      expect(text(doc, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe(money(inv.total_cents));
      for (const el of doc.getElementsByTagNameNS('*', '*')) if (el.hasAttribute('currencyID')) expect(el.getAttribute('currencyID')).toBe(inv.currency);

      // Lines: the charged ones, in sort order; each provider line on the usage line above it.
      const recordLines = [...inv.lines].sort((a, b) => a.sort_order - b.sort_order);
      const charged = recordLines.filter((l) => l.kind !== 'usage_provider');
      const lines = all(doc, 'cac:InvoiceLine');
      expect(lines).toHaveLength(charged.length);
      let sum = 0n;
      charged.forEach((l, i) => {
        const line = lines[i]!;
        expect(text(line, 'cbc:ID')).toBe(String(i + 1));
        expect(text(line, 'cbc:InvoicedQuantity')).toBe(String(l.quantity));
        expect(one(line, 'cbc:InvoicedQuantity').getAttribute('unitCode')).toBe('C62');
        expect(text(line, 'cbc:LineExtensionAmount')).toBe(money(l.line_total_cents));
        expect(text(line, 'cac:Price/cbc:PriceAmount')).toBe(money(l.unit_price_cents));
        expect(text(line, 'cac:Item/cbc:Name')).toBe(l.description);
        expect(text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).toBe(outside ? 'O' : 'S');
        const at = recordLines.indexOf(l);
        const providers = [];
        for (let k = at + 1; k < recordLines.length && recordLines[k]!.kind === 'usage_provider'; k++) providers.push(recordLines[k]!);
        const props = all(line, 'cac:Item/cac:AdditionalItemProperty');
        expect(props.map((p) => [text(p, 'cbc:Name'), text(p, 'cbc:Value')])).toEqual(providers.map((p) => [p.description, `${money(p.line_total_cents)} ${inv.currency}`]));
        sum += BigInt(l.line_total_cents);
      });
      expect(sum).toBe(BigInt(inv.subtotal_cents));
      expect(recordLines.some((l) => l.kind === 'usage_provider')).toBe(true);

      // Payment: DKK to the Danish account (42, reg. no. as branch, DK-R-006), EUR to the IBAN and
      // BIC (58, SEPA); the invoice number quoted with it, the buyer's reference its BuyerReference.
      const means = one(doc, 'cac:PaymentMeans');
      const { iban, bic } = bankOf(inv);
      expect(inv.seller.bank).toContain('Reg. 3409 Konto 1234567890');
      const [code, account, branch] = inv.currency === 'DKK' ? ['42', '1234567890', '3409'] : ['58', iban, bic];
      expect(text(means, 'cbc:PaymentMeansCode')).toBe(code);
      expect(text(means, 'cbc:PaymentID')).toBe(inv.invoice_number);
      expect(text(doc, 'cbc:BuyerReference')).toBe(inv.buyer.payment_reference);
      expect(text(means, 'cac:PayeeFinancialAccount/cbc:ID')).toBe(account);
      expect(text(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')).toBe(branch);

      expect(emptyElements(doc.ownerDocument!)).toEqual([]);
    });
  }

  it('is the same bytes every time', () => {
    for (const name of ISSUED) expect(Buffer.from(renderInvoiceUbl(sample(name))).equals(Buffer.from(renderInvoiceUbl(sample(name))))).toBe(true);
  });
});

describe('renderInvoiceUbl on the other VAT treatments and payment texts', () => {
  it('writes EU reverse charge as AE, 0 %, VATEX-EU-AE, with both VAT numbers', () => {
    const inv = variant('fjordline-2026-10.json', (j) => Object.assign(j.buyer, { country: 'Deutschland', vat: 'DE 123 456 789', city: 'Berlin', postal_code: '10115', address_line2: '' }));
    const doc = ubl(inv);
    const sub = one(doc, 'cac:TaxTotal/cac:TaxSubtotal');
    expect(text(sub, 'cac:TaxCategory/cbc:ID')).toBe('AE');
    expect(text(sub, 'cac:TaxCategory/cbc:Percent')).toBe('0');
    expect(text(sub, 'cac:TaxCategory/cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(text(sub, 'cac:TaxCategory/cbc:TaxExemptionReason')).toContain('Article 196');
    expect(text(sub, 'cbc:TaxAmount')).toBe('0.00');
    expect(text(doc, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')).toBe(inv.seller.vat);
    expect(text(doc, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')).toBe('DE123456789');
    expect(text(doc, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode')).toBe('DE');
    expect(text(doc, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cbc:AdditionalStreetName')).toBeUndefined();
    expect(text(doc, 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID')).toBe('DE123456789');
    for (const line of all(doc, 'cac:InvoiceLine')) expect(text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent')).toBe('0');
  });

  it('states the VAT of a USD invoice in DKK too: TaxCurrencyCode, a second TaxTotal, the rate in the one note', () => {
    // The usage line's text says it converted USD into DKK; in a USD invoice it says no rate.
    const inv = variant('nordlys-2026-10.json', (j) => void ((j.currency = 'USD'), (j.lines[3]!.description = 'Forbrug af sprogmodeller, oktober 2026')));
    const doc = ubl(inv);
    expect(text(doc, 'cbc:TaxCurrencyCode')).toBe('DKK');
    const totals = all(doc, 'cac:TaxTotal');
    expect(totals).toHaveLength(2);
    expect(text(totals[0]!, 'cbc:TaxAmount')).toBe(money(inv.vat_cents));
    expect(one(totals[0]!, 'cbc:TaxAmount').getAttribute('currencyID')).toBe('USD');
    // By hand: 6,348.06 USD × 6.8512 = 43,491.8286… DKK, rounded half up to øre.
    expect(inv.vat_cents).toBe(634806);
    expect(inv.usd_dkk_rate!.toString()).toBe('6.8512');
    expect(text(totals[1]!, 'cbc:TaxAmount')).toBe('43491.83');
    expect(one(totals[1]!, 'cbc:TaxAmount').getAttribute('currencyID')).toBe('DKK');
    expect(all(totals[1]!, 'cac:TaxSubtotal')).toHaveLength(0);
    expect(all(doc, 'cbc:Note')).toHaveLength(1);
    expect(text(doc, 'cbc:Note')).toContain('6,8512');
    expect(new Decimal('6348.06').times('6.8512').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)).toBe('43491.83');
  });

  it('pays a Danish reg. and account number as code 42 with the reg. no. as branch', () => {
    const inv = variant('kattegat-2026-10.json', (j) => void (j.seller.bank = 'Danske Bank, reg.nr. 3409 kontonr. 1234567890'));
    const means = one(ubl(inv), 'cac:PaymentMeans');
    expect(text(means, 'cbc:PaymentMeansCode')).toBe('42');
    expect(text(means, 'cac:PayeeFinancialAccount/cbc:ID')).toBe('1234567890');
    expect(text(means, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID')).toBe('3409');
  });

  it('addresses a Danish buyer without EAN by its CVR number (0184)', () => {
    const inv = variant('nordlys-2026-10.json', (j) => void (j.buyer.ean = ''));
    const endpoint = one(ubl(inv), 'cac:AccountingCustomerParty/cac:Party/cbc:EndpointID');
    expect([endpoint.getAttribute('schemeID'), endpoint.textContent]).toEqual(['0184', inv.buyer.cvr]);
  });

  it('carries text from the record as text: markup escaped, control characters removed (the one rule, as on the PDF)', () => {
    const inv = variant('nordlys-2026-10.json', (j) => {
      j.buyer.legal_name = 'Nordlys & <Søn> "ApS"\u0007';
      j.lines[0]!.description = '</cbc:Name><evil/>';
    });
    const doc = ubl(inv);
    expect(text(doc, 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName')).toBe('Nordlys & <Søn> "ApS"');
    expect(text(all(doc, 'cac:InvoiceLine')[0]!, 'cac:Item/cbc:Name')).toBe('</cbc:Name><evil/>');
  });
});

describe('the seller\'s address on lines, or without the country of a Danish seller (an outside audit, 2026-12)', () => {
  it.each(sellerAddresses())('%s: street Strandgade 12, postal code 1401, city København K, country DK, in the invoice and its credit note', (_, inv) => {
    const docs = [ubl(inv), parseXml(renderCreditNoteUbl(inv, { number: 'KN-1', issueDate: '2026-11-20' })).documentElement!];
    for (const doc of docs) {
      const address = one(doc, 'cac:AccountingSupplierParty/cac:Party/cac:PostalAddress');
      expect(['cbc:StreetName', 'cbc:AdditionalStreetName', 'cbc:PostalZone', 'cbc:CityName', 'cac:Country/cbc:IdentificationCode'].map((path) => text(address, path))).toEqual(['Strandgade 12', undefined, '1401', 'København K', 'DK']);
      expect(emptyElements(doc.ownerDocument!)).toEqual([]);
    }
  });

  it('reads the record\'s line breaks as the commas between the lines, so every document shows them apart', () => {
    expect(sellerAt('Strandgade 12\r\n1401 København K\nDanmark').seller.address).toBe('Strandgade 12, 1401 København K, Danmark');
    // Commas and spaces at a line's ends, and empty lines, make no empty parts.
    expect(sellerAt(' Strandgade 12,\n\n 1401 København K \r\n').seller.address).toBe('Strandgade 12, 1401 København K');
    expect(sellerAt('Strandgade 12, 1401 København K, Danmark').seller.address).toBe('Strandgade 12, 1401 København K, Danmark');
  });
});

describe('a USD amount in a line\'s text that is no conversion of the line (an outside audit, 2026-12)', () => {
  it.each(usdMentions())('%s: the invoice is made, the line as the record states it', (_, inv) => {
    const doc = ubl(inv);
    const charged = inv.lines.filter((l) => l.kind !== 'usage_provider');
    expect(all(doc, 'cac:InvoiceLine').map((l) => [text(l, 'cac:Item/cbc:Name'), text(l, 'cbc:LineExtensionAmount')])).toEqual(charged.map((l) => [l.description, money(l.line_total_cents)]));
    expect(text(doc, 'cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe(money(inv.total_cents));
  });
});
