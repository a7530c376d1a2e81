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
 * IBAN lengths by country, as SWIFT's IBAN Registry (ISO 13616) gives them. An IBAN in a bank
 * text is the run of groups after the word "IBAN" (however they are spaced: "DK66 3409 1234 5678
 * 90", the French "FR76 30006 00001 12345678901 89", "DK66 3409 1234567890", "FR76-3000-…")
 * that reaches its country's length; what follows ("BIC …", "EUR") is not part of it. A run that
 * never does, or one of a country outside the registry, is kept as read and fails `ibanValid` by
 * name rather than another account being read.
 */
const IBAN_LENGTH: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22,
  CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22,
  GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30,
  KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20,
  MR: 27, MT: 31, MU: 30, NI: 28, NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22,
  RU: 33, SA: 24, SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** The longest IBAN any country has. */
const MAX_IBAN = 34;

/**
 * The word IBAN, in any case, with the labels written around it: "IBAN nr.", "IBAN-nr.:",
 * "IBAN-Nummer:", "IBAN Number:", "IBAN no.", "IBAN/BIC:", "IBAN og BIC:", "IBAN (EUR):",
 * "Kontonummer (IBAN):", "IBAN #:", "IBAN - …", the French "IBAN :". An IBAN a label hides is
 * never checked, and a wrong one would be printed unread (an outside review). Not "IBANs:": the
 * list after it would be read as its first IBAN alone.
 */
const IBAN_WORD = /\bIBAN\b(?:[- ]?(?:nr|no|nummer|number)\b\.?(?! ?\d{2}\b))?(?:\s{0,3}\/\s{0,3}BIC\b|\s{1,3}(?:og|and|und)\s{1,3}BIC\b)?(?:\s{0,3}\([A-Z]{3}\))?\)?\s{0,3}[:.#]{0,2}\s{0,3}(?:[-\u2013]\s{0,3})?/gi;
/** "BIC" or "SWIFT" in any case, then a code of a BIC's shape (ISO 9362: bank, country, location, branch). */
const BIC = /\b(?:BIC|SWIFT)(?:\/SWIFT)?\b[:.]?\s{0,3}([A-Za-z]{6}[A-Za-z0-9]{2}(?:[A-Za-z0-9]{3})?)\b/gi;
/** Countries of BICs whose banks have no IBAN, read besides the IBAN registry's. */
const BIC_ONLY_COUNTRIES = new Set(['US', 'CA', 'AU', 'NZ', 'JP', 'CN', 'HK', 'SG', 'IN', 'ZA', 'MX', 'KR', 'TW', 'MY', 'TH', 'ID', 'PH', 'AR', 'CL', 'CO', 'PE']);

/**
 * A BIC as written, upper-cased; undefined for a word of a BIC's shape ("SWIFT payments welcome"):
 * written in capitals, as ISO 9362 writes it, it is one; in lower or mixed case only when its
 * letters 5-6 name a country (one with IBANs, or a large one without).
 */
function bicOf(code: string): string | undefined {
  if (/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(code)) return code;
  const upper = code.toUpperCase();
  const country = upper.slice(4, 6);
  return IBAN_LENGTH[country] !== undefined || BIC_ONLY_COUNTRIES.has(country) ? upper : undefined;
}

/**
 * Blanks of any kind and length (tabs, no-break, figure and narrow spaces) as one space: labels and
 * numbers aligned with runs of spaces read as written once. Every reading below is of text made so.
 */
function oneSpace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/**
 * A group of an IBAN and what separates it from the one before: a space (blanks are one by then,
 * oneSpace), or one hyphen (of any of Unicode's kinds a word processor puts in: hyphen,
 * non-breaking hyphen, en dash, minus) or dot.
 */
const GROUP = /^(?: ?|[-.\u2010\u2011\u2013\u2212])([A-Za-z0-9]+)/;

/** An IBAN of a bank text, and the BIC written with it. */
export interface IbanAccount {
  /** Without its spaces, upper-case. */
  iban: string;
  /** The BIC written with it (see ibanAccountsIn); absent when none is. */
  bic?: string;
}

/**
 * Every IBAN written after the word "IBAN" in `text`, with its BIC. A BIC's letters 5-6 are its
 * bank's country, as an IBAN's first two are the account's, so a BIC goes to an IBAN of its own
 * country: with as many BICs as IBANs of that country, by their order ("IBAN A · IBAN B · BIC a ·
 * BIC b", "IBAN A BIC a · IBAN B BIC b"); else a BIC no other IBAN took, the first written after
 * the IBAN (before the next one), else the last before it. One IBAN and one BIC are read together
 * whatever their countries, as any bank text means them.
 */
export function ibanAccountsIn(written: string): IbanAccount[] {
  const text = oneSpace(written);
  const ibans: Array<{ iban: string; at: number; end: number }> = [];
  for (const m of text.matchAll(IBAN_WORD)) {
    const read = ibanAt(text, m.index + m[0].length);
    if (read) ibans.push({ ...read, at: m.index });
  }
  const bics = [...text.matchAll(BIC)].flatMap((m) => {
    const bic = bicOf(m[1]!);
    return bic ? [{ bic, at: m.index, taken: false }] : [];
  });
  if (ibans.length === 1 && bics.length === 1) return [{ iban: ibans[0]!.iban, bic: bics[0]!.bic }];
  const country = (x: { iban: string }) => x.iban.slice(0, 2);
  // By country, once: IBANs (each with its place among its country's) and BICs. Filtering them
  // again for every IBAN took seconds for a bank text of thousands (an outside review).
  const ibansOf = new Map<string, number>();
  const place = ibans.map((x) => {
    const n = ibansOf.get(country(x)) ?? 0;
    ibansOf.set(country(x), n + 1);
    return n;
  });
  const bicsOf = new Map<string, typeof bics>();
  for (const b of bics) {
    const list = bicsOf.get(b.bic.slice(4, 6));
    if (list) list.push(b);
    else bicsOf.set(b.bic.slice(4, 6), [b]);
  }
  return ibans.map((x, k) => {
    const own = bicsOf.get(country(x)) ?? [];
    let bic: (typeof bics)[number] | undefined;
    if (own.length === ibansOf.get(country(x))) bic = own[place[k]!];
    else {
      const free = own.filter((b) => !b.taken);
      const next = k + 1 < ibans.length ? ibans[k + 1]!.at : text.length;
      const previous = k > 0 ? ibans[k - 1]!.end : 0;
      bic = free.find((b) => b.at >= x.end && b.at < next) ?? free.filter((b) => b.at < x.at && b.at >= previous).at(-1);
    }
    if (!bic || bic.taken) return { iban: x.iban };
    bic.taken = true;
    return { iban: x.iban, bic: bic.bic };
  });
}

/** Countries whose account part (BBAN) is digits only, in SWIFT's IBAN Registry: Denmark, the Faroe Islands and Greenland (4!n9!n1!n). */
const DIGITS_ONLY = new Set(['DK', 'FO', 'GL']);

/**
 * Whether `iban` (compact, upper-case) is one: its country in SWIFT's IBAN Registry, its length that
 * country's, its check digits 02 to 98 (ISO 13616 makes them 98 − the remainder, so 00, 01 and 99,
 * which also pass mod 97, are never issued), and mod 97 = 1. The length matters: "FR76" alone
 * passes mod 97. A Danish, Faroese or Greenlandic IBAN's account part is digits only (a letter O
 * typed for a zero can still pass mod 97).
 */
export function ibanValid(iban: string): boolean {
  const country = iban.slice(0, 2);
  const check = Number(iban.slice(2, 4));
  if (IBAN_LENGTH[country] !== iban.length || !(check >= 2 && check <= 98)) return false;
  if (DIGITS_ONLY.has(country) && !/^\d+$/.test(iban.slice(4))) return false;
  return ibanMod97(iban) === 1;
}

/** Every IBAN written after the word "IBAN" in `text`, without its spaces, upper-case (ibanAccountsIn). */
export function ibansIn(text: string): string[] {
  return ibanAccountsIn(text).map((a) => a.iban);
}

/**
 * The IBAN written from `from` on (undefined when no country and check digits begin there), and where it ends.
 *
 * Written in ISO 13616's paper format (groups of four, the last one shorter), it ends as `paperEnd`
 * says: "RS83 0960 8479 7468 4185 1 A/S" ends before "A/S" and is refused, never read with its "A".
 * In other groupings ("FR76 30006 00001 …", "DK66 3409 1234567890") it ends where it reaches its
 * country's length.
 */
function ibanAt(text: string, from: number): { iban: string; end: number } | undefined {
  // "DK66 …" (any case, as written before), and "DE 89 …" or "DK-66-…" with the country set apart,
  // then in capitals and a registry country: prose after the word ("IBAN ab 01.01.2027", "IBAN by
  // 20 December") is no IBAN.
  const start = text.slice(from, from + 5);
  const apart = /^([A-Z]{2})[ -]\d{2}/.exec(start);
  if (!/^[A-Za-z]{2}\d{2}/.test(start) && !(apart && IBAN_LENGTH[apart[1]!] !== undefined)) return undefined;
  // The run of groups, each IBAN that could end at one of its spaces, and where it ends.
  const ends: Array<{ iban: string; end: number }> = [];
  const groups: string[] = [];
  let iban = '';
  let at = from;
  while (iban.length < MAX_IBAN) {
    const group = GROUP.exec(text.slice(at, at + MAX_IBAN + 8));
    if (!group || (iban && /^(?:IBAN|BIC|SWIFT)$/i.test(group[1]!))) break;
    groups.push(group[1]!);
    iban += group[1]!.toUpperCase();
    at += group[0].length;
    ends.push({ iban, end: at });
  }
  const known = IBAN_LENGTH[iban.slice(0, 2)];
  const paper = paperEnd(groups, known);
  if (paper !== undefined) return ends[paper];
  // A country outside the registry, or a run that never reaches its length: kept whole, and
  // refused by ibanValid (never a shorter or longer piece that happens to pass mod 97).
  return (known !== undefined ? ends.find((e) => e.iban.length === known) : undefined) ?? ends.at(-1);
}

/**
 * Where an IBAN in groups of four ends (the index of its last group), or undefined when the run is
 * not in that format. It ends at its country's `length`: what follows is another thing (a postcode,
 * a phone number, the next line's "2 % discount" once the lines are one), so a typed digit too many
 * at the end cannot be told from it and is left to mod 97. It ends at its first shorter group when
 * no digits follow that ("RS83 … 4185 1 A/S", a digit too few: refused). A shorter group with more
 * digits after it ("NO93 8601 11 17947", "ES91 2100 0418 45 0200051332") is a national grouping, read by length.
 */
function paperEnd(groups: readonly string[], length: number | undefined): number | undefined {
  if (groups.length < 2 || groups[0]!.length !== 4) return undefined;
  let chars = 0;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    if (g.length > 4) return undefined;
    chars += g.length;
    const next = groups[i + 1] ?? '';
    if (g.length < 4) return /\d/.test(next) ? undefined : i;
    if (chars === length) return i;
  }
  return groups.length - 1;
}

/**
 * "Reg. 3409", "Reg.nr.: 3409", "Registreringsnr 3409", read in text whose blanks are one space
 * (oneSpace): `\s*` runs side by side over a long run of spaces took seconds.
 */
const REG = /\breg(?:\.|istrerings)?\s{0,3}(?:nr\.?)?\s{0,3}:?\s{0,3}(\d{4})\b/i;
/** Within 20 characters after the reg. no.: "Konto", "Kontonr.", "Account no." and where its number begins. */
const ACCOUNT_LABEL = /^[^\d]{0,20}?\b(?:konto|kontonr\.?|account)\s{0,3}(?:nr\.?|no\.?)?\s{0,3}:?\s{0,3}(?=\d)/i;
/** The account's digits: its first group, and any after it, each after one blank, dot or hyphen. */
const ACCOUNT_DIGITS = /^\d+(?:[ .-]\d+)*/;

/** A Danish reg. no. and account as `danishAccountIn` reads them. */
export interface DanishAccount {
  reg: string;
  /** The account number, when it is written unmistakably. */
  account?: string;
  /**
   * Digits after "Konto" that cannot be told apart: an account of fewer than ten digits with
   * another number after it that would still fit in ten ("Konto 1234 567 890", "Konto 123456
   * 8600 Silkeborg" once the lines are one): grouped, or the next line's postcode? Neither is
   * read; the text is said as written.
   */
  unclear?: string;
  /** With `unclear`: each account it could be, its groups joined from the first (at most ten digits): "1234", "1234567", "1234567890". */
  readings?: string[];
}

/**
 * A Danish reg. no. and account number written in the same text (`Reg. 3409 Konto 1234567890`).
 * The account is the number after its label: ten digits are the whole account, and so is one
 * whose next number would make more than ten (what follows is something else); fewer, with a
 * number after them that would still fit in ten, is `unclear` and not read (outside reviews found
 * both "1234" of "1234 567 890" and "1234568600" of "123456" and the next line's postcode put
 * into an e-invoice). Blanks count as one, so aligned text reads as written.
 */
export function danishAccountIn(written: string): DanishAccount | undefined {
  const text = oneSpace(written);
  const reg = REG.exec(text);
  if (!reg) return undefined;
  const after = reg.index + reg[0].length;
  const label = ACCOUNT_LABEL.exec(text.slice(after, after + 60));
  const run = label ? ACCOUNT_DIGITS.exec(text.slice(after + label[0].length, after + label[0].length + 40)) : null;
  if (!run) return { reg: reg[1]! };
  const groups = run[0].split(/[ .-]/);
  const first = groups[0]!;
  if (first.length > 10) return { reg: reg[1]! };
  // Ten digits, or a next number that would make more than ten (an account has at most ten): the first is the account.
  if (groups.length === 1 || first.length + groups[1]!.length > 10) return { reg: reg[1]!, account: first };
  const readings: string[] = [];
  for (let joined = '', i = 0; i < groups.length && joined.length + groups[i]!.length <= 10; i++) readings.push((joined += groups[i]!));
  return { reg: reg[1]!, unclear: run[0], readings };
}

/** Whether the reg. no. and account of a Danish IBAN are what `account` says, or could be (one of its `readings` when unclear). */
export function danishIbanMatches(iban: string, account: DanishAccount): boolean {
  if (iban.slice(4, 8) !== account.reg) return false;
  const own = iban.slice(8);
  if (account.account !== undefined) return account.account.padStart(10, '0') === own;
  return account.readings === undefined || account.readings.some((r) => r.padStart(10, '0') === own);
}
