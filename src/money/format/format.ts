import { Decimal } from '../exact/decimal.js';
import { UnsafeAmountError } from '../exact/unsafe-amount-error.js';
/** Separators of one language, e.g. da `{ decimal: ',', group: '.' }`. */
export interface NumberFormat {
  decimal: string;
  group: string;
}

function group(intDigits: string, sep: string): string {
  let out = '';
  for (let i = 0; i < intDigits.length; i++) {
    if (i > 0 && (intDigits.length - i) % 3 === 0) out += sep;
    out += intDigits[i];
  }
  return out;
}

/**
 * Formats integer minor units with the language's separators, without floats or Intl
 * (whose output changes between ICU versions): 2042146 -> da `20.421,46`, en `20,421.46`.
 */
export function formatMinor(minor: number | bigint, fmt: NumberFormat, digits = 2): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) throw new UnsafeAmountError('amount', minor);
  const big = BigInt(minor);
  const neg = big < 0n;
  const s = (neg ? -big : big).toString().padStart(digits + 1, '0');
  const int = s.slice(0, s.length - digits);
  const frac = s.slice(s.length - digits);
  return (neg ? '-' : '') + group(int, fmt.group) + (digits > 0 ? fmt.decimal + frac : '');
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/**
 * A plain decimal string rounded half up (away from zero, as Decimal.ROUND_HALF_UP) to `places`
 * decimals, exactly, in BigInt: a figure only shown needs no Decimal object (a page shows
 * thousands). Undefined for any other notation.
 */
function fixedOfText(text: string, places: number): string | undefined {
  const m = PLAIN_DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign, int, frac = ''] = m as unknown as [string, string, string, string | undefined];
  const up = frac.length > places && frac.charCodeAt(places) >= 53; // '5'
  const scaled = (BigInt(int + frac.slice(0, places).padEnd(places, '0')) + (up ? 1n : 0n)).toString().padStart(places + 1, '0');
  const fixed = places > 0 ? `${scaled.slice(0, -places)}.${scaled.slice(-places)}` : scaled;
  return sign + fixed;
}

/** Formats a Decimal (or a decimal string) rounded half up to `places` decimals with the language's separators. */
export function formatDecimal(value: Decimal | string, fmt: NumberFormat, places = 2): string {
  const fixed = (typeof value === 'string' ? fixedOfText(value, places) : undefined) ?? new Decimal(value).toFixed(places, Decimal.ROUND_HALF_UP);
  const neg = fixed.startsWith('-') && !/^-0(\.0*)?$/.test(fixed);
  const [int = '0', frac = ''] = fixed.replace('-', '').split('.');
  return (neg ? '-' : '') + group(int, fmt.group) + (places > 0 ? fmt.decimal + frac : '');
}

/** Formats a whole number (token counts, quantities) with the language's thousands separator. */
export function formatInteger(value: number | bigint, fmt: NumberFormat): string {
  const big = BigInt(value);
  return (big < 0n ? '-' : '') + group((big < 0n ? -big : big).toString(), fmt.group);
}
