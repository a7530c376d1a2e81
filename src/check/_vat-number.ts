import type { Invoice } from '../model/index.js';
import { compactVatNumber, vatNumberCountry } from '../vat/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';
import { belgianEnterpriseNumber, finnishOvtCode, greekTin, italianVatNumber, norwegianOrgNumber, swedishOrgNumber } from './national-ids.js';

/** The VAT numbers whose check digit svc can test (the ones Peppol reads a number from), by the country their prefix names. */
const CHECKED: Record<string, { read: (compact: string) => string | undefined; what: string }> = {
  NO: { read: norwegianOrgNumber, what: 'a Norwegian VAT number (NO + the 9-digit organisation number with its mod-11 check digit + MVA)' },
  SE: { read: swedishOrgNumber, what: 'a Swedish VAT number (SE + the 10-digit organisation number with its Luhn check digit + 01)' },
  FI: { read: finnishOvtCode, what: 'a Finnish VAT number (FI + the 8-digit business ID with its mod-11 check digit)' },
  IT: { read: italianVatNumber, what: 'an Italian VAT number (IT + 11 digits with the Partita IVA check digit)' },
  GR: { read: greekTin, what: 'a Greek VAT number (EL + the 9-digit TIN with its check digit)' },
  BE: { read: belgianEnterpriseNumber, what: 'a Belgian VAT number (BE + the 10-digit enterprise number, its last two digits 97 less the first eight modulo 97)' },
};

/**
 * `vat_check_digit` (error): the buyer's VAT number carries a country prefix whose numbers have a
 * check digit svc can test (Norway mod 11, Sweden Luhn, Finland mod 11, Italy Luhn, Greece, Belgium mod 97), and
 * it fails it or is not written as that country's numbers are. Such a number belongs to no one:
 * the invoice would name the buyer by a number that does not exist, and Peppol could not address
 * it (the same tests as the Peppol rules, PEPPOL-COMMON-R041/R043/R047/R049).
 */
export function vatNumberFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const vat = invoice.buyer.vat.trim();
  const country = vat ? vatNumberCountry(vat) : undefined;
  const checked = country && CHECKED[country.country];
  if (!checked || checked.read(compactVatNumber(vat))) return [];
  return [{ code: 'vat_check_digit', severity: 'error', path: 'buyer.vat', message: `buyer.vat "${vat}" is not ${checked.what}`, params: { vat, form: country.country } }];
}
