import type { Invoice } from '../../src/model/index.js';
import { variant } from './_samples.js';

/** The outside accountant's audit's buyer (132 characters): a public-sector name whose end the PDF used to cut. */
export const LONG_BUYER_NAME = 'Region Midtjylland, Hospitalsenheden Vest, Afdeling for Klinisk Biokemi og Molekylærbiologisk Diagnostik, Regionshospitalet Gødstrup';

/** Nordlys's October invoice with every header field long at once, as the API may send it (its strings have no maximum). */
export const LONG_FIELDS = {
  seller: {
    legal_name: 'Serviceværket ApS, filial af Serviceværket Holding A/S (tidligere Nordisk Driftsservice og Konsulentvirksomhed ApS)',
    address: 'Strandgade 12, Bagbygningen, 3. sal til venstre, lokale 3.14 (indgang fra gården), 1401 København K, Danmark',
    email: 'faktura-og-debitorbogholderiet@servicevaerket-holding-koncernen.dk',
    bank: 'Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK66 3409 1234 5678 90 · BIC DABADKKK · Betaling fra udlandet: angiv altid fakturanummeret og jeres kundenummer i meddelelsen til beløbsmodtager, ellers kan betalingen ikke henføres, og der kan blive opkrævet gebyr for efterforskning af betalingen',
  },
  buyer: {
    legal_name: LONG_BUYER_NAME,
    attention: 'Kreditorbogholderiet, att. Anne-Mette Kjærsgaard-Johannesen (faktura vedr. indkøbsordre 4500123456)',
    address_line1: 'Hospitalsparken 15, Indgang C, 3. sal, lokale C3.117 (Laboratoriebygningen)',
    address_line2: 'Modtagelsen for varer og post til Afdeling for Klinisk Biokemi, bag ved parkeringshus P4',
  },
  invoice_number: 'RM-HEV-KBA-2026-10-000142-SAMLEFAKTURA',
} as const;

export function longFieldsInvoice(): Invoice {
  return variant('nordlys-2026-10.json', (j) => {
    Object.assign(j.seller, LONG_FIELDS.seller);
    Object.assign(j.buyer, LONG_FIELDS.buyer);
    j.invoice_number = LONG_FIELDS.invoice_number;
  });
}
