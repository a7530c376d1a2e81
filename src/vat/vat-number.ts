import { EU_MEMBER_STATES } from './eu-member-states.js';

/** What a VAT number's prefix says about the buyer. */
export interface VatNumberCountry {
  /** The prefix as written, upper-case (`DE`, `EL`, `GB`, `XI`, `CHE`, `NO`). */
  prefix: string;
  /** ISO 3166-1 alpha-2 of the country that issued it (EL → GR, XI → GB). */
  country: string;
  /** Whether it is an EU VAT identification number (a member state's prefix). */
  eu: boolean;
}

const EU_PREFIXES = new Map(EU_MEMBER_STATES.map((s) => [s.vatPrefix, s.code]));

/**
 * Prefixes outside the EU that name their country without doubt: the United Kingdom's GB and
 * Northern Ireland's XI (XI numbers are used for goods only; for services Northern Ireland is
 * outside the EU, so XI counts as GB here), Switzerland's CHE-… UID, Norway's NO …MVA.
 * Other countries' tax numbers carry no prefix, so their country comes from `buyer.country`.
 */
const OTHER_PREFIXES: ReadonlyArray<[prefix: string, country: string]> = [['CHE', 'CH'], ['GB', 'GB'], ['XI', 'GB'], ['NO', 'NO']];

/** A VAT number without spaces, dots and dashes, upper-case: `DE 123.456.789` → `DE123456789`. */
export function compactVatNumber(vat: string): string {
  // NFKC only where it can matter (full-width letters and digits); most numbers are plain ASCII.
  const text = /^[\x20-\x7e]*$/.test(vat) ? vat : vat.normalize('NFKC');
  return text.replace(/[\s.\-\u00a0/]+/g, '').toUpperCase();
}

/**
 * Whether the seller is the Danish business these rules are for: its VAT number is Danish
 * (`DK…`), or it gives none but a CVR. The VAT decision refuses any other seller
 * (`seller_not_danish`), and the e-invoice takes such a seller's country to be DK when its address
 * names none.
 */
export function isDanishSeller(seller: { vat: string; cvr: string }): boolean {
  const vat = compactVatNumber(seller.vat);
  return vat.startsWith('DK') || (!vat && seller.cvr.trim() !== '');
}

/**
 * The country a VAT number's prefix names, or undefined when it has none we can read (no
 * letters in front, or letters that are no known prefix). EU numbers start with their member
 * state's ISO 3166-1 alpha-2 code, except Greece's, which start with EL (VAT Directive art. 215).
 * A Greek number written with GR is read as Greek, and `decideVat` reports the prefix.
 */
export function vatNumberCountry(vat: string): VatNumberCountry | undefined {
  const compact = compactVatNumber(vat);
  // A prefix must be followed by the number itself: at least two more letters or digits.
  if (!/^[A-Z]{2,3}[0-9A-Z]{2,}$/.test(compact)) return undefined;
  const two = compact.slice(0, 2);
  const eu = EU_PREFIXES.get(two) ?? (two === 'GR' ? 'GR' : undefined);
  if (eu) return { prefix: two, country: eu, eu: true };
  for (const [prefix, country] of OTHER_PREFIXES) {
    if (compact.startsWith(prefix) && /[0-9]/.test(compact[prefix.length] ?? '')) return { prefix, country, eu: false };
  }
  return undefined;
}
