/**
 * Organisation numbers read from a VAT number, where a country's Peppol scheme (EAS) takes that
 * number rather than the VAT number, with the check digit the Peppol rules test
 * (PEPPOL-EN16931-UBL.sch, May 2026 release). Each returns undefined when the number is not one.
 */

/** Norway, 0192: `NO923456783MVA` → `923456783`, mod 11 with weights 2-7 from the right (PEPPOL-COMMON-R041). */
export function norwegianOrgNumber(compactVat: string): string | undefined {
  const m = /^NO(\d{9})(?:MVA)?$/.exec(compactVat);
  if (!m) return undefined;
  const digits = m[1]!;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[7 - i]) * ((i % 6) + 2);
  return (11 - (sum % 11)) % 11 === Number(digits[8]) ? digits : undefined;
}

/** Sweden, 0007: `SE556036079301` → `5560360793`, Luhn over the 10 digits (PEPPOL-COMMON-R049). */
export function swedishOrgNumber(compactVat: string): string | undefined {
  const m = /^SE(\d{10})01$/.exec(compactVat);
  if (!m) return undefined;
  const digits = m[1]!;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[9]) ? digits : undefined;
}

/** Italy, 0211: the Partita IVA with its prefix, `IT` + 11 digits, Luhn-checked (PEPPOL-COMMON-R047). */
export function italianVatNumber(compactVat: string): string | undefined {
  const m = /^IT(\d{11})$/.exec(compactVat);
  if (!m) return undefined;
  const digits = m[1]!;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[10]) ? compactVat : undefined;
}

/** Finland, 0216 (OVT code): `FI12345671` → `003712345671`, the business ID after 0037, its mod-11 check digit tested. */
export function finnishOvtCode(compactVat: string): string | undefined {
  const m = /^FI(\d{8})$/.exec(compactVat);
  if (!m) return undefined;
  const digits = m[1]!;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const rest = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11;
  if (rest === 1) return undefined;
  return (rest === 0 ? 0 : 11 - rest) === Number(digits[7]) ? `0037${digits}` : undefined;
}

/**
 * Belgium, 0208: `BE0403170701` → `0403170701`, the enterprise number (KBO/BCE) the VAT number
 * carries, its last two digits 97 less the first eight modulo 97 (PEPPOL-COMMON-R043, fatal).
 * Numbers issued since 2023 may start with 1; the rule reads ten digits either way.
 */
export function belgianEnterpriseNumber(compactVat: string): string | undefined {
  const m = /^BE([01]\d{9})$/.exec(compactVat);
  if (!m) return undefined;
  const digits = m[1]!;
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8)) ? digits : undefined;
}

/** Greece, 9933: `EL094014201` → `094014201`, the TIN's check digit (powers of 2, mod 11 mod 10). */
export function greekTin(compactVat: string): string | undefined {
  const m = /^(?:EL|GR)(\d{9})$/.exec(compactVat);
  if (!m) return undefined;
  const digits = m[1]!;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(digits[8]) ? digits : undefined;
}

/** A country's national number read out of its VAT number, and what such a VAT number looks like (for a message). */
export interface NationalNumberReader {
  /** The number the country's Peppol scheme takes, or undefined when `compactVat` fails its check digit or form. */
  read: (compactVat: string) => string | undefined;
  /** "a Norwegian VAT number (…)": what a valid one is, for a message saying a number is not one. */
  what: string;
}

/**
 * The VAT numbers whose check digit svc can test, by the country their prefix names: the countries
 * whose Peppol scheme takes a number read from the VAT number. One table for both readers: the
 * invoice check (`vat_check_digit`) and the e-invoice's buyer address.
 */
export const NATIONAL_NUMBER_READERS = {
  NO: { read: norwegianOrgNumber, what: 'a Norwegian VAT number (NO + the 9-digit organisation number with its mod-11 check digit + MVA)' },
  SE: { read: swedishOrgNumber, what: 'a Swedish VAT number (SE + the 10-digit organisation number with its Luhn check digit + 01)' },
  FI: { read: finnishOvtCode, what: 'a Finnish VAT number (FI + the 8-digit business ID with its mod-11 check digit)' },
  IT: { read: italianVatNumber, what: 'an Italian VAT number (IT + 11 digits with the Partita IVA check digit)' },
  GR: { read: greekTin, what: 'a Greek VAT number (EL + the 9-digit TIN with its check digit)' },
  BE: { read: belgianEnterpriseNumber, what: 'a Belgian VAT number (BE + the 10-digit enterprise number, its last two digits 97 less the first eight modulo 97)' },
} as const satisfies Record<string, NationalNumberReader>;

/** The countries of NATIONAL_NUMBER_READERS. */
export type NationalNumberCountry = keyof typeof NATIONAL_NUMBER_READERS;

/** The reader for a VAT number's country (`NO`, `SE`, ...), or undefined when svc tests no check digit of that country's numbers. */
export function nationalNumberReader(country: string): NationalNumberReader | undefined {
  return Object.hasOwn(NATIONAL_NUMBER_READERS, country) ? NATIONAL_NUMBER_READERS[country as NationalNumberCountry] : undefined;
}
