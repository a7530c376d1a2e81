import { Decimal as DecimalJs } from 'decimal.js';

/**
 * The package's one Decimal for money, configured on a clone so an embedder's own decimal.js
 * settings are never touched. decimal.js rounds every result to 20 significant digits by
 * default, which cuts a sum of legal amounts (15 integer digits and 6 decimals is already 21);
 * 50 digits holds int64 amounts with a dozen decimals summed over millions of rows, and
 * `toString` never switches to exponent notation. Every amount the schemas parse is built
 * by this constructor, so arithmetic on it keeps these settings.
 */
export const Decimal = DecimalJs.clone({
  precision: 50,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Decimal = DecimalJs;

/** A Decimal from a decimal string (or integer); never from a float. */
export function dec(value: string | number | bigint | Decimal): Decimal {
  if (typeof value === 'number' && !Number.isInteger(value)) {
    throw new TypeError(`refusing to build a Decimal from the float ${value}; pass a decimal string`);
  }
  return new Decimal(typeof value === 'bigint' ? value.toString() : value);
}

/** Rounds half away from zero to an integer number of minor units (e.g. DKK 12.345 -> 1235 øre). */
export function toMinorUnits(major: Decimal, digits = 2): number {
  const minor = major.times(new Decimal(10).pow(digits)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const n = minor.toNumber();
  if (!Number.isSafeInteger(n)) throw new RangeError(`${major.toString()} does not fit in minor units`);
  return n;
}

/** Major units as a Decimal from integer minor units (1234 -> 12.34). */
export function fromMinorUnits(minor: number, digits = 2): Decimal {
  return new Decimal(minor).dividedBy(new Decimal(10).pow(digits));
}

/** VAT in minor units for a subtotal and a rate in basis points, rounded half up (2500 bps = 25 %). */
export function vatFromBps(subtotalMinor: number, rateBps: number): number {
  return new Decimal(subtotalMinor).times(rateBps).dividedBy(10_000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}
