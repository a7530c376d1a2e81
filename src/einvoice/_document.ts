import type { CreditNoteDetails, Invoice } from '../model/index.js';
import { formatDate, formatNumber, getLocale, t, type Locale } from '../locale/index.js';
import { compactVatNumber, decideVatFor, isDanishSeller } from '../vat/index.js';
import { countryCode, thirdTerritory } from '../vat/index.js';
import { EInvoiceError } from './einvoice-error.js';
import { XmlWriter } from './_xml.js';
import { amountText } from './_amount.js';
import { sellerAddress, type UblAddress } from './_address.js';
import { buyerEndpoint, cvrDigits, type Endpoint } from './_endpoint.js';
import { paymentMeans } from './_payment-means.js';
import { buyerReference } from './_buyer-reference.js';
import { refuseErrorFindings, refuseUnmirrorable } from './_refuse-findings.js';
import { checkInvoiceRecord, periodFindings } from '../check/index.js';
import type { InvoiceCheckFinding } from '../check/findings/index.js';
import { taxCategory, type TaxCategory } from './_tax.js';
import { ublLines } from './_lines.js';

const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const NS_CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const NS_CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
/** UN/ECE Recommendation 20 "one": every line is counted in units (a month, a seat, 100,000 tokens). */
const UNIT = 'C62';

/** A credit note to write, or nothing for the invoice itself. */
export type UblDocument = { kind: 'invoice' } | { kind: 'credit_note'; credit: CreditNoteDetails };

function address(x: XmlWriter, a: UblAddress): void {
  x.open('cac:PostalAddress')
    .leaf('cbc:StreetName', a.street)
    .leaf('cbc:AdditionalStreetName', a.additionalStreet)
    .leaf('cbc:CityName', a.city)
    .leaf('cbc:PostalZone', a.postalZone)
    .open('cac:Country')
    .leaf('cbc:IdentificationCode', a.country)
    .close('cac:Country')
    .close('cac:PostalAddress');
}

function vatScheme(x: XmlWriter, vat: string): void {
  x.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', vat).open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme').close('cac:PartyTaxScheme');
}

function required(value: string, field: string): string {
  if (!value.trim()) throw new EInvoiceError(field, 'empty, and an e-invoice requires it');
  return value;
}

function taxCategoryXml(x: XmlWriter, name: string, c: TaxCategory, withReason: boolean): void {
  x.open(name).leaf('cbc:ID', c.id).leaf('cbc:Percent', c.percent);
  if (withReason) x.leaf('cbc:TaxExemptionReasonCode', c.exemptionCode).leaf('cbc:TaxExemptionReason', c.exemptionText);
  x.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme').close(name);
}

/** Everything the document states, worked out (and checked) before a byte is written. */
function prepare(invoice: Invoice, locale: Locale) {
  const decision = decideVatFor(invoice);
  const tax = taxCategory(invoice, decision, (treatment) => t(locale, `invoice.vatNote.${treatment}`));
  const { buyer, seller } = invoice;
  let buyerCountry: string | undefined;
  if (buyer.country.trim()) {
    // A territory VAT leaves out (the Canary Islands: ES) is still its country's address.
    buyerCountry = countryCode(buyer.country) ?? thirdTerritory(buyer.country)?.code;
    if (!buyerCountry) throw new EInvoiceError('buyer.country', `${JSON.stringify(buyer.country)} names no country (expected a country name or an ISO 3166 code)`);
  } else {
    buyerCountry = decision.buyerCountry;
    if (!buyerCountry) throw new EInvoiceError('buyer.country', 'empty, and buyer.vat has no country prefix to tell it');
  }
  const withVatNumbers = tax.id !== 'O';
  const buyerVat = withVatNumbers && buyer.vat.trim() ? compactVatNumber(buyer.vat) : undefined;
  if (tax.id === 'AE' && !buyerVat) throw new EInvoiceError('buyer.vat', 'empty, and the reverse charge needs the buyer\'s VAT number');
  return {
    tax,
    vatInDkk: decision.vatInDkk,
    seller: {
      endpoint: { scheme: '0184', id: cvrDigits(seller.cvr, 'seller.cvr') } satisfies Endpoint,
      name: required(seller.legal_name, 'seller.legal_name'),
      address: sellerAddress(seller.address, isDanishSeller(seller)),
      vat: withVatNumbers ? compactVatNumber(required(seller.vat, 'seller.vat')) : undefined,
    },
    buyer: {
      endpoint: buyerEndpoint(invoice, buyerCountry),
      name: required(buyer.legal_name, 'buyer.legal_name'),
      address: {
        street: buyer.address_line1,
        additionalStreet: buyer.address_line2,
        city: buyer.city,
        postalZone: buyer.postal_code,
        country: buyerCountry,
      } satisfies UblAddress,
      vat: buyerVat,
      cvr: buyerCountry === 'DK' && buyer.cvr.trim() ? cvrDigits(buyer.cvr, 'buyer.cvr') : undefined,
      reference: buyerReference(invoice),
    },
    lines: ublLines(invoice),
  };
}

/**
 * Writes the Peppol BIS Billing 3.0 document (UBL 2.1 Invoice or CreditNote) of an invoice
 * record. Pure: the same record gives the same bytes. The element order is the UBL 2.1 schema's.
 * `findings`: checkInvoiceRecord(invoice), when the caller has them already.
 * @throws EInvoiceError naming the field that cannot be mapped
 */
export function writeUbl(invoice: Invoice, doc: UblDocument, language: string, findings: readonly InvoiceCheckFinding[] = checkInvoiceRecord(invoice)): Uint8Array {
  const locale = getLocale(language);
  // An invoice with an error finding is never sent. Its credit note mirrors it, errors and all:
  // crediting it is the way out (momsbekendtgørelsen § 58, stk. 2; VAT Directive art. 219), so
  // the findings are its reason, not a bar; what the Peppol rules themselves reject in the
  // mirror still refuses it (refuseUnmirrorable).
  if (doc.kind === 'invoice') refuseErrorFindings(invoice, findings);
  else refuseUnmirrorable(invoice, findings);
  // BR-29 refuses a reversed period whatever a document's findings policy (a credit note that
  // mirrors a wrong invoice still carries its period): never written, whoever calls.
  const reversed = periodFindings(invoice)[0];
  if (reversed) throw new EInvoiceError(reversed.path, reversed.message.slice(reversed.path.length + 1), reversed.code);
  const p = prepare(invoice, locale);
  const means = doc.kind === 'invoice' ? paymentMeans(invoice) : undefined;
  const credit = doc.kind === 'credit_note' ? doc.credit : undefined;
  // DK-R-016 (Peppol BIS 3's Danish rules): a Danish supplier's credit note cannot have a negative
  // total (PayableAmount) when the buyer's postal country is DK as well; the rule reads both
  // parties' PostalAddress countries, and no rule forbids a negative credit note to a buyer abroad.
  if (credit && invoice.total_cents < 0 && p.seller.address.country === 'DK' && p.buyer.address.country === 'DK') {
    throw new EInvoiceError('total_cents', `${invoice.total_cents} is negative; a Danish seller's credit note to a buyer in Denmark cannot be (DK-R-016)`);
  }
  const currency = invoice.currency;
  const money = (name: string, minor: number) => x.amount(name, amountText(minor), currency);
  const root = credit ? 'CreditNote' : 'Invoice';
  const issueDate = invoice.issued_at.slice(0, 10);

  const notes: string[] = [];
  if (credit?.reason?.trim()) notes.push(credit.reason.trim());
  if (p.vatInDkk) notes.push(t(locale, 'einvoice.rateNote', { rate: formatNumber(p.vatInDkk.rate, locale, Math.max(4, p.vatInDkk.rate.decimalPlaces())) }));

  const x = new XmlWriter();
  x.open(root, ` xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="${NS_CAC}" xmlns:cbc="${NS_CBC}"`)
    .leaf('cbc:CustomizationID', CUSTOMIZATION_ID)
    .leaf('cbc:ProfileID', PROFILE_ID)
    .leaf('cbc:ID', credit ? credit.number : required(invoice.invoice_number, 'invoice_number'))
    .leaf('cbc:IssueDate', credit ? credit.issueDate : issueDate);
  if (!credit) x.leaf('cbc:DueDate', invoice.due_at);
  x.leaf(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380')
    // Peppol allows one document note (PEPPOL-EN16931-R002).
    .leaf('cbc:Note', notes.join(' — ') || undefined)
    .leaf('cbc:DocumentCurrencyCode', currency)
    .leaf('cbc:TaxCurrencyCode', p.vatInDkk ? 'DKK' : undefined)
    .leaf('cbc:BuyerReference', p.buyer.reference)
    .open('cac:InvoicePeriod')
    .leaf('cbc:StartDate', invoice.period_start)
    .leaf('cbc:EndDate', invoice.period_end)
    .close('cac:InvoicePeriod');
  if (credit) {
    x.open('cac:BillingReference')
      .open('cac:InvoiceDocumentReference')
      .leaf('cbc:ID', required(invoice.invoice_number, 'invoice_number'))
      .leaf('cbc:IssueDate', issueDate)
      .close('cac:InvoiceDocumentReference')
      .close('cac:BillingReference');
  }

  x.open('cac:AccountingSupplierParty').open('cac:Party').leaf('cbc:EndpointID', p.seller.endpoint.id, { schemeID: p.seller.endpoint.scheme });
  address(x, p.seller.address);
  if (p.seller.vat) vatScheme(x, p.seller.vat);
  x.open('cac:PartyLegalEntity')
    .leaf('cbc:RegistrationName', p.seller.name)
    .leaf('cbc:CompanyID', p.seller.endpoint.id, { schemeID: '0184' })
    .close('cac:PartyLegalEntity')
    .open('cac:Contact')
    .leaf('cbc:ElectronicMail', invoice.seller.email)
    .close('cac:Contact')
    .close('cac:Party')
    .close('cac:AccountingSupplierParty');

  x.open('cac:AccountingCustomerParty').open('cac:Party').leaf('cbc:EndpointID', p.buyer.endpoint.id, { schemeID: p.buyer.endpoint.scheme });
  address(x, p.buyer.address);
  if (p.buyer.vat) vatScheme(x, p.buyer.vat);
  x.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', p.buyer.name);
  if (p.buyer.cvr) x.leaf('cbc:CompanyID', p.buyer.cvr, { schemeID: '0184' });
  x.close('cac:PartyLegalEntity');
  const attention = invoice.buyer.attention.trim();
  const email = invoice.buyer.email?.trim() ?? '';
  if (attention || email) x.open('cac:Contact').leaf('cbc:Name', attention).leaf('cbc:ElectronicMail', email).close('cac:Contact');
  x.close('cac:Party').close('cac:AccountingCustomerParty');

  if (credit) {
    // A credit note asks for no payment: its terms say which invoice it cancels (BR-CO-25).
    x.open('cac:PaymentTerms')
      .leaf('cbc:Note', t(locale, 'einvoice.creditTerms', { number: invoice.invoice_number, date: formatDate(issueDate, locale) }))
      .close('cac:PaymentTerms');
  } else if (means) {
    for (const account of means.accounts) {
      x.open('cac:PaymentMeans').leaf('cbc:PaymentMeansCode', means.code).leaf('cbc:PaymentID', means.paymentId || undefined).open('cac:PayeeFinancialAccount').leaf('cbc:ID', account.id);
      if (account.branch) x.open('cac:FinancialInstitutionBranch').leaf('cbc:ID', account.branch).close('cac:FinancialInstitutionBranch');
      x.close('cac:PayeeFinancialAccount').close('cac:PaymentMeans');
    }
  }

  x.open('cac:TaxTotal');
  money('cbc:TaxAmount', invoice.vat_cents).open('cac:TaxSubtotal');
  money('cbc:TaxableAmount', invoice.subtotal_cents);
  money('cbc:TaxAmount', invoice.vat_cents);
  taxCategoryXml(x, 'cac:TaxCategory', p.tax, true);
  x.close('cac:TaxSubtotal').close('cac:TaxTotal');
  if (p.vatInDkk) x.open('cac:TaxTotal').amount('cbc:TaxAmount', amountText(p.vatInDkk.minor), 'DKK').close('cac:TaxTotal');

  x.open('cac:LegalMonetaryTotal');
  money('cbc:LineExtensionAmount', invoice.subtotal_cents);
  money('cbc:TaxExclusiveAmount', invoice.subtotal_cents);
  money('cbc:TaxInclusiveAmount', invoice.total_cents);
  money('cbc:PayableAmount', invoice.total_cents);
  x.close('cac:LegalMonetaryTotal');

  const lineTag = credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine';
  const quantityTag = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  for (const line of p.lines) {
    x.open(lineTag).leaf('cbc:ID', line.id).leaf(quantityTag, String(line.quantity), { unitCode: UNIT });
    money('cbc:LineExtensionAmount', line.total);
    x.open('cac:Item').leaf('cbc:Name', required(line.name, `lines[${line.index}].description`));
    taxCategoryXml(x, 'cac:ClassifiedTaxCategory', p.tax, false);
    for (const provider of line.providers) {
      x.open('cac:AdditionalItemProperty')
        .leaf('cbc:Name', required(provider.name, `lines[${provider.index}].description`))
        .leaf('cbc:Value', `${amountText(provider.minor)} ${currency}`)
        .close('cac:AdditionalItemProperty');
    }
    x.close('cac:Item').open('cac:Price');
    money('cbc:PriceAmount', line.price);
    x.close('cac:Price').close(lineTag);
  }
  x.close(root);
  return x.toBytes();
}
