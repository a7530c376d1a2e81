/**
 * Minor units (øre, cents) are plain integers that must stay exact: anything that is not a
 * safe integer is refused rather than silently rounded by IEEE doubles.
 */
export class UnsafeAmountError extends RangeError {
  override readonly name = 'UnsafeAmountError';
  constructor(readonly field: string, readonly value: unknown) {
    super(`${field}: ${String(value)} is not a safe integer amount in minor units`);
  }
}

/** Returns `value` when it is a safe integer, else throws UnsafeAmountError naming `field`. */
export function assertMinor(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new UnsafeAmountError(field, value);
  return value;
}

/** Sum of minor-unit integers; throws when the sum itself leaves the safe range. */
export function sumMinor(values: Iterable<number>, field = 'sum'): number {
  let total = 0;
  for (const v of values) total = assertMinor(total + assertMinor(v, field), field);
  return total;
}

/** Number of minor units per major unit for the currencies we handle (all have 2 decimals). */
export const MINOR_DIGITS = 2;
