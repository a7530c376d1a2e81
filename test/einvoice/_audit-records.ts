import type { Invoice } from '../../src/model/index.js';
import { variant } from '../invoice/_samples.js';

/**
 * Valid records an outside e-invoice audit found refused (2026-12), rebuilt from the samples:
 * each adds up exactly, and each makes an invoice and a credit note that the official rules pass.
 */

const usd = '../vat-treatments/usd-vat-with-rate-2026-10.json';
/** A USD amount in a line's text that is no conversion of the line (a price, a list price, a free allowance): no line_conversion. */
export const usdMentions = (): Array<[string, Invoice]> => [
  // USD invoice, 3 × 58.00 = 174.00.
  ['usd-unit-price-da', variant(usd, (j) => void (j.lines[1]!.description = 'Service Dev Pro, 3 pladser à USD 58,00'))],
  ['usd-unit-price-en', variant(usd, (j) => void ((j.language = 'en'), (j.lines[1]!.description = 'Service Dev Pro seats (USD 58.00 per seat)')))],
  // DKK invoice, 6 × 399.00 = 2,394.00 DKK, whatever the list price in USD.
  ['dkk-usd-list-price', variant('nordlys-2026-10.json', (j) => void (j.lines[1]!.description = 'Service Dev Pro, udviklerpladser (listepris USD 58,00 pr. plads)'))],
  ['dkk-usd-free-allowance', variant('nordlys-2026-10.json', (j) => void (j.lines[3]!.description = 'Forbrug af sprogmodeller, oktober 2026 (de første USD 100 er gratis)'))],
];

/** The Danish sample with `address` as the seller's address. */
export const sellerAt = (address: string): Invoice => variant('nordlys-2026-10.json', (j) => void (j.seller.address = address));

/** Seller addresses on lines, or without the country of a Danish seller (DK VAT number): Strandgade 12, 1401 København K, DK. */
export const sellerAddresses = (): Array<[string, Invoice]> => [
  ['seller-address-lines-lf', sellerAt('Strandgade 12\n1401 København K\nDanmark')],
  ['seller-address-lines-crlf', sellerAt('Strandgade 12\r\n1401 København K\r\nDanmark')],
  ['seller-address-no-country', sellerAt('Strandgade 12, 1401 København K')],
  ['seller-address-no-country-dk-postcode', sellerAt('Strandgade 12, DK-1401 København K')],
];

/** A negative invoice (a credit of 1,000.00 EUR) to a German business under the reverse charge: its credit note's total is negative. */
export const negativeReverseCharge = (): Invoice =>
  variant('../vat-treatments/eu-reverse-charge-2026-10.json', (j) => {
    j.lines = [{ sort_order: 10, kind: 'subscription', description: 'Credit', quantity: 1, unit_price_cents: -100000, line_total_cents: -100000 }];
    Object.assign(j, { subscription_subtotal_cents: -100000, usage_subtotal_cents: 0, subtotal_cents: -100000, vat_cents: 0, total_cents: -100000 });
  });
