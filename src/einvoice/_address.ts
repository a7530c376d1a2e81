import { countryCode } from '../vat/index.js';
import { EInvoiceError } from './einvoice-error.js';

/** A postal address as UBL carries it (BG-5 / BG-8). */
export interface UblAddress {
  street?: string;
  additionalStreet?: string;
  city?: string;
  postalZone?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** `1401 København K`, `DK-1401 København K` (the prefix captured: DK); `WC1N 3AX London` is not matched (no leading digit). */
const POSTAL_CITY = /^(?:([A-Z]{1,3})[- ])?(\d{3,5}(?: \d{2,3})?)\s+(\S.*)$/u;

/**
 * The seller's one-line address (`Strandgade 12, 1401 København K, Danmark`; the record's line
 * breaks are commas by then, parseRecord) split for UBL: the last comma-separated part is the
 * country (by name or ISO code, the same table as the VAT decision), the part with the postal
 * code and city before it, and the street lines before that. A Danish seller (`danish`:
 * isDanishSeller, a DK VAT number) whose address ends with a Danish postal code and city and
 * names no country is in DK (`Strandgade 12, DK-1401 København K`); a prefix naming another
 * country, or a last part that is no postal code and city, is refused as before.
 * @throws EInvoiceError naming `seller.address` when no country or postal code is found.
 */
export function sellerAddress(address: string, danish = false): UblAddress {
  const parts = address.split(/\s*[,\n]\s*/).map((p) => p.trim()).filter(Boolean);
  let country = parts.length ? countryCode(parts[parts.length - 1]!) : undefined;
  if (country) parts.pop();
  else if (danish && parts.length) {
    // Only when the last part is the postal code and city (a Danish 4-digit code): an unread last
    // part ("Kalaallit Nunaat", "Att. Finance") is not dropped for a country it may not be.
    const last = POSTAL_CITY.exec(parts[parts.length - 1]!);
    // 3900-3999 are Greenland's (GL), which is not Denmark for VAT or Peppol.
    if (last && (last[1] === undefined || last[1] === 'DK') && /^\d{4}$/.test(last[2]!) && !last[2]!.startsWith('39')) country = 'DK';
  }
  if (!country) {
    throw new EInvoiceError('seller.address', `${JSON.stringify(address)} does not end with a country (expected "street, postal code city, country")`);
  }
  let at = parts.length - 1;
  while (at >= 0 && !POSTAL_CITY.test(parts[at]!)) at--;
  if (at < 0) throw new EInvoiceError('seller.address', `${JSON.stringify(address)} has no "postal code city" part (expected "street, postal code city, country")`);
  const [, , postalZone, city] = POSTAL_CITY.exec(parts[at]!)!;
  const streets = parts.slice(0, at);
  return {
    ...(streets[0] ? { street: streets[0] } : {}),
    ...(streets.length > 1 ? { additionalStreet: streets.slice(1).join(', ') } : {}),
    city: city!,
    postalZone: postalZone!,
    country,
  };
}
