/**
 * IBANs in a bank text (`Danske Bank · Reg. 3409 Konto 1234567890 · IBAN DK50 …`), checked by
 * ISO 13616's mod-97: move the first four characters to the end, letters to numbers (A = 10 …
 * Z = 35), and the number mod 97 must be 1.
 */
export function ibanMod97(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * IBAN lengths of the SEPA countries and a few more, as SWIFT's IBAN Registry gives them
 * (ISO 13616): an IBAN in a bank text ends there, even where other text follows after a space
 * ("IBAN DK66 3409 1234 5678 90 BIC DABADKKK"). Another country's IBAN ends at the longest run
 * that passes the mod-97 check.
 */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FO: 18, FR: 27,
  GB: 22, GI: 23, GL: 18, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** The shortest IBAN of any country (Norway's). */
const MIN_IBAN = 15;

const IBAN_RUN = /\bIBAN\b[:.]?\s*([A-Za-z]{2}\d{2}(?:[ \u00a0]?[A-Za-z0-9]){8,32})/g;
const BIC = /\b(?:BIC|SWIFT)(?:\/SWIFT)?\b[:.]?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/gi;

/** An IBAN of a bank text, and the BIC written with it. */
export interface IbanAccount {
  /** Without its spaces, upper-case. */
  iban: string;
  /** The BIC written in the IBAN's part of the text (see ibanAccountsIn); absent when none is. */
  bic?: string;
}

/**
 * Every IBAN written after the word "IBAN" in `text`, with its BIC. An IBAN ends at its country's
 * length where the text has a space there (else the whole run is kept, and its check fails by
 * name rather than a different account being read). Each IBAN's part of the text runs from its
 * "IBAN" to the next one's (the first's from the text's start): the BIC written in that part is
 * its BIC, so "IBAN DK… · BIC DABADKKK · IBAN DE… · BIC COBADEFFXXX" pairs each with its own.
 */
export function ibanAccountsIn(text: string): IbanAccount[] {
  const found: Array<{ iban: string; at: number }> = [];
  for (const m of text.matchAll(IBAN_RUN)) found.push({ iban: ibanOfRun(m[1]!), at: m.index });
  return found.map(({ iban, at }, k) => {
    const part = text.slice(k === 0 ? 0 : at, k + 1 < found.length ? found[k + 1]!.at : text.length);
    const bic = [...part.matchAll(BIC)][0]?.[1]?.toUpperCase();
    return bic ? { iban, bic } : { iban };
  });
}

/** Every IBAN written after the word "IBAN" in `text`, without its spaces, upper-case (ibanAccountsIn). */
export function ibansIn(text: string): string[] {
  return ibanAccountsIn(text).map((a) => a.iban);
}

/** The IBAN a matched run of letters, digits and single spaces begins with. */
function ibanOfRun(run: string): string {
  // Where each length of characters ends in `run`, and whether a space follows there.
  const ends: Array<{ at: number; spaceAfter: boolean }> = [];
  for (let i = 0; i < run.length; i++) {
    if (run[i] === ' ' || run[i] === '\u00a0') continue;
    ends.push({ at: i + 1, spaceAfter: i + 1 === run.length || run[i + 1] === ' ' || run[i + 1] === '\u00a0' });
  }
  const compact = run.replace(/[ \u00a0]/g, '').toUpperCase();
  const cutAt = (n: number) => n <= compact.length && ends[n - 1]!.spaceAfter;
  const known = IBAN_LENGTH[compact.slice(0, 2)];
  if (known !== undefined) return cutAt(known) ? compact.slice(0, known) : compact;
  for (let n = compact.length; n >= MIN_IBAN; n--) if (cutAt(n) && ibanMod97(compact.slice(0, n)) === 1) return compact.slice(0, n);
  return compact;
}

/** A Danish reg. no. and account number written in the same text (`Reg. 3409 Konto 1234567890`). */
export function danishAccountIn(text: string): { reg: string; account?: string } | undefined {
  const m = /\breg(?:\.|istrerings)?\s*(?:nr\.?)?\s*:?\s*(\d{4})\b(?:[^\d]{0,20}?\b(?:konto|kontonr\.?|account)\s*(?:nr\.?)?\s*:?\s*(\d{1,10})\b)?/i.exec(text);
  return m ? { reg: m[1]!, ...(m[2] ? { account: m[2] } : {}) } : undefined;
}
