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
 * IBAN lengths as SWIFT's IBAN Registry (ISO 13616) gives them: the SEPA countries and the other
 * countries a European invoice meets most. An IBAN in a bank text ends there; one of another
 * country ends where its groups of four do (the last group is shorter, or the text goes on with a
 * word that is no group). A run that does not end where its country's length does is kept whole,
 * so its check fails by name rather than another account being read.
 */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FO: 18, FR: 27,
  GB: 22, GI: 23, GL: 18, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
  AE: 23, AL: 28, AZ: 28, BA: 20, BH: 22, BR: 29, CR: 22, DO: 28, EG: 29, GE: 22, GT: 28, IL: 23, JO: 30, KW: 30,
  KZ: 20, LB: 28, MD: 24, ME: 22, MK: 19, MR: 27, MU: 30, PK: 24, QA: 29, RS: 22, SA: 24, TN: 24, TR: 26, UA: 29, XK: 20,
};

/** The longest IBAN any country has. */
const MAX_IBAN = 34;

const IBAN_WORD = /\bIBAN\b[:.]?\s*/g;
const BIC = /\b(?:BIC|SWIFT)(?:\/SWIFT)?\b[:.]?\s*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/gi;
/** Words that end an IBAN written in groups (a following "BIC" is no last group of three). */
const NOT_A_GROUP = /^(?:IBAN|BIC|SWIFT|BANK|KONTO|REG)$/i;

/** An IBAN of a bank text, and the BIC written with it. */
export interface IbanAccount {
  /** Without its spaces, upper-case. */
  iban: string;
  /** The BIC written with it (see ibanAccountsIn); absent when none is. */
  bic?: string;
}

/**
 * Every IBAN written after the word "IBAN" in `text` (as groups of four or in one piece), with
 * its BIC. A BIC's letters 5-6 are its bank's country, as an IBAN's first two are the account's:
 * each IBAN takes a BIC of its own country, the first written after it (before the next IBAN),
 * else the last written before it (after the previous IBAN); a BIC of another country is no
 * account's, except that one IBAN and one BIC are read together, as any bank text means them.
 * So "IBAN DK… · BIC DABADKKK · IBAN DE… · BIC COBADEFFXXX" and "… · Commerzbank BIC
 * COBADEFFXXX IBAN DE…" pair each account with its own bank.
 */
export function ibanAccountsIn(text: string): IbanAccount[] {
  const ibans: Array<{ iban: string; at: number; end: number }> = [];
  for (const m of text.matchAll(IBAN_WORD)) {
    const read = ibanAt(text, m.index + m[0].length);
    if (read) ibans.push({ ...read, at: m.index });
  }
  const bics = [...text.matchAll(BIC)].map((m) => ({ bic: m[1]!.toUpperCase(), at: m.index, taken: false }));
  if (ibans.length === 1 && bics.length === 1) return [{ iban: ibans[0]!.iban, bic: bics[0]!.bic }];
  return ibans.map((x, k) => {
    const own = bics.filter((b) => !b.taken && b.bic.slice(4, 6) === x.iban.slice(0, 2));
    const next = k + 1 < ibans.length ? ibans[k + 1]!.at : text.length;
    const previous = k > 0 ? ibans[k - 1]!.end : 0;
    const bic = own.find((b) => b.at >= x.end && b.at < next) ?? own.filter((b) => b.at < x.at && b.at >= previous).at(-1);
    if (!bic) return { iban: x.iban };
    bic.taken = true;
    return { iban: x.iban, bic: bic.bic };
  });
}

/** Every IBAN written after the word "IBAN" in `text`, without its spaces, upper-case (ibanAccountsIn). */
export function ibansIn(text: string): string[] {
  return ibanAccountsIn(text).map((a) => a.iban);
}

/** The IBAN written from `from` on (undefined when no country and check digits begin there), and where it ends. */
function ibanAt(text: string, from: number): { iban: string; end: number } | undefined {
  const head = /^[A-Za-z]{2}\d{2}/.exec(text.slice(from, from + 4));
  if (!head) return undefined;
  const known = IBAN_LENGTH[head[0].slice(0, 2).toUpperCase()];
  // In one piece: letters and digits up to the first other character.
  const piece = /^[A-Za-z0-9]+/.exec(text.slice(from, from + MAX_IBAN + 8))![0];
  if (piece.length > 4) return { iban: piece.toUpperCase(), end: from + piece.length };
  // In groups: four characters at a time, each after one space; a shorter group is the last.
  let iban = piece;
  let at = from + piece.length;
  while (iban.length < (known ?? MAX_IBAN)) {
    const group = /^[ \u00a0]([A-Za-z0-9]{1,4})(?![A-Za-z0-9])/.exec(text.slice(at, at + 6));
    if (!group || NOT_A_GROUP.test(group[1]!)) break;
    iban += group[1]!;
    at += group[0].length;
    if (group[1]!.length < 4) break;
  }
  return { iban: iban.toUpperCase(), end: at };
}

/** A Danish reg. no. and account number written in the same text (`Reg. 3409 Konto 1234567890`). */
export function danishAccountIn(text: string): { reg: string; account?: string } | undefined {
  const m = /\breg(?:\.|istrerings)?\s*(?:nr\.?)?\s*:?\s*(\d{4})\b(?:[^\d]{0,20}?\b(?:konto|kontonr\.?|account)\s*(?:nr\.?)?\s*:?\s*(\d{1,10})\b)?/i.exec(text);
  return m ? { reg: m[1]!, ...(m[2] ? { account: m[2] } : {}) } : undefined;
}
