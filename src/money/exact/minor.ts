import { InvalidArgumentError } from '../../core/index.js';
import { UnsafeAmountError } from './unsafe-amount-error.js';

/** Returns `value` when it is a safe integer, else throws UnsafeAmountError naming `field`. */
export function assertMinor(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new UnsafeAmountError(field, value);
  return value;
}

/**
 * Sum of minor-unit integers, exact. Each value is checked (UnsafeAmountError naming
 * `values[i]`, with `field` for `values`), and so is the sum as it grows.
 */
export function sumMinor(values: Iterable<number>, field = 'values'): number {
  if (values === null || typeof (values as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== 'function') {
    throw new InvalidArgumentError(field, 'must be a list of amounts in minor units');
  }
  let total = 0;
  let i = 0;
  for (const v of values) total = assertMinor(total + assertMinor(v, `${field}[${i++}]`), `sum of ${field}`);
  return total;
}

/** Number of minor units per major unit for the currencies we handle (all have 2 decimals). */
export const MINOR_DIGITS = 2;
