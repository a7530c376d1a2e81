import type { Invoice } from '../model/index.js';
import { compactVatNumber, vatNumberCountry } from '../vat/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';
import { nationalNumberReader } from './national-ids.js';

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
  const checked = country && nationalNumberReader(country.country);
  if (!checked || checked.read(compactVatNumber(vat))) return [];
  return [{ code: 'vat_check_digit', severity: 'error', path: 'buyer.vat', message: `buyer.vat "${vat}" is not ${checked.what}`, params: { vat, form: country.country } }];
}
