import type { Invoice } from '../model/index.js';
import { glnProblem } from '../check/index.js';
import { compactVatNumber, vatNumberCountry } from '../vat/index.js';
import { EInvoiceError } from './einvoice-error.js';
import { nationalNumberReader, type NationalNumberCountry } from '../check/index.js';

/** An electronic address (BT-34 / BT-49): the identifier and its EAS scheme. */
export interface Endpoint {
  scheme: string;
  id: string;
}

/**
 * EAS schemes named "<country>:VAT" in the Peppol participant identifier list, for a buyer
 * whose only identifier is its VAT number; the value is the VAT number with its prefix.
 * Countries without one (their "VAT" scheme withdrawn, or none), and Belgium, whose buyers are
 * registered under another scheme first, are in NUMBER_SCHEMES.
 */
const VAT_SCHEMES: Record<string, string> = {
  AT: '9914', BG: '9926', CH: '9927', CY: '9928', CZ: '9929', DE: '9930', EE: '9931', GB: '9932',
  HR: '9934', IE: '9935', LI: '9936', LT: '9937', LU: '9938', LV: '9939', MC: '9940', ME: '9941', MK: '9942',
  MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947', RS: '9948', SI: '9949', SK: '9950', SM: '9951',
  TR: '9952', VA: '9953', ES: '9920', FR: '9957', HU: '9910',
};

/**
 * Countries whose Peppol scheme takes a number read from the VAT number: Norway 0192 (the
 * organisation number, the busiest Peppol country outside the EU), Sweden 0007 (organisation
 * number), Finland 0216 (OVT code), Italy 0211 (Partita IVA), Greece 9933 (the TIN), Belgium
 * 0208 (the enterprise number: since Belgium's B2B mandate of 1 January 2026 every Belgian
 * company is registered on Peppol under 0208, and under its VAT scheme 9925 only if it chose to).
 * The number is read, and its check digit tested as the Peppol rules test it, by the invoice
 * check's own readers (`nationalNumberReader`), so a number that fails is refused here too; the
 * type holds both tables to the same countries.
 */
const NUMBER_SCHEMES: Record<NationalNumberCountry, string> = { NO: '0192', SE: '0007', FI: '0216', IT: '0211', GR: '9933', BE: '0208' };

/** A Danish CVR number as Peppol writes it (8 digits); `DK12345678` and spaces are accepted. */
export function cvrDigits(cvr: string, field: string): string {
  const compact = cvr.replace(/[\s\u00a0]/g, '').toUpperCase().replace(/^DK/, '');
  if (!/^\d{8}$/.test(compact)) throw new EInvoiceError(field, `${JSON.stringify(cvr)} is not a CVR number (8 digits)`);
  return compact;
}

/**
 * The buyer's electronic address, where Peppol delivers the document: its EAN location number
 * (GLN, scheme 0088; how NemHandel addresses Danish public buyers) when it has one, checked by
 * the GS1 check digit; else a Danish buyer's CVR number (0184); else its VAT number under the
 * country's VAT scheme, or the number its country's scheme takes (NUMBER_SCHEMES). @throws EInvoiceError naming `buyer.ean` or `buyer.cvr`.
 */
export function buyerEndpoint(invoice: Invoice, buyerCountry: string): Endpoint {
  const { ean, cvr, vat } = invoice.buyer;
  if (ean.trim()) {
    const problem = glnProblem(ean);
    if (problem) throw new EInvoiceError('buyer.ean', `${JSON.stringify(ean)} ${problem}`);
    return { scheme: '0088', id: ean.replace(/[\s-]/g, '') };
  }
  if (buyerCountry === 'DK' && cvr.trim()) return { scheme: '0184', id: cvrDigits(cvr, 'buyer.cvr') };
  const vatCountry = vatNumberCountry(vat);
  if (vatCountry?.country === 'DK') return { scheme: '0184', id: cvrDigits(vat, 'buyer.vat') };
  const scheme = vatCountry && VAT_SCHEMES[vatCountry.country];
  if (scheme) return { scheme, id: compactVatNumber(vat) };
  const reader = vatCountry && nationalNumberReader(vatCountry.country);
  if (reader) {
    const numberScheme = NUMBER_SCHEMES[vatCountry.country as NationalNumberCountry];
    const id = reader.read(compactVatNumber(vat));
    if (!id) throw new EInvoiceError('buyer.vat', `${JSON.stringify(vat)} is not ${reader.what}, so it gives no Peppol address (scheme ${numberScheme})`);
    return { scheme: numberScheme, id };
  }
  throw new EInvoiceError(
    'buyer.ean',
    'the buyer has no Peppol address: no EAN location number, no CVR number (Danish buyers) and no VAT number of a country Peppol addresses by it (EU member states, Norway, the United Kingdom, Switzerland)',
  );
}
