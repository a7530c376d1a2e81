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

/** Every IBAN written after the word "IBAN" in `text`, without its spaces, upper-case. */
export function ibansIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\bIBAN\b[:.]?\s*([A-Za-z]{2}\d{2}(?:[ \u00a0]?[A-Za-z0-9]){8,32})/g)) found.push(m[1]!.replace(/[ \u00a0]/g, '').toUpperCase());
  return found;
}

/** A Danish reg. no. and account number written in the same text (`Reg. 3409 Konto 1234567890`). */
export function danishAccountIn(text: string): { reg: string; account?: string } | undefined {
  const m = /\breg(?:\.|istrerings)?\s*(?:nr\.?)?\s*:?\s*(\d{4})\b(?:[^\d]{0,20}?\b(?:konto|kontonr\.?|account)\s*(?:nr\.?)?\s*:?\s*(\d{1,10})\b)?/i.exec(text);
  return m ? { reg: m[1]!, ...(m[2] ? { account: m[2] } : {}) } : undefined;
}
