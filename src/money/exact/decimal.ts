import { Decimal as DecimalJs } from 'decimal.js';
import { InvalidArgumentError } from '../../core/index.js';
import { InvalidAmountError } from './invalid-amount-error.js';
import { UnsafeAmountError } from './unsafe-amount-error.js';
import { assertMinor } from './minor.js';

/**
 * The package's one Decimal for money, configured on a clone so an embedder's own decimal.js
 * settings are never touched. decimal.js rounds every result to 20 significant digits by
 * default, which cuts a sum of legal amounts (15 integer digits and 6 decimals is already 21);
 * 50 digits holds int64 amounts with a dozen decimals summed over millions of rows, and
 * `toString` never switches to exponent notation. Every amount the schemas parse is built
 * by this constructor, so arithmetic on it keeps these settings.
 *
 * The package root exports this constructor (its amounts are its instances), so its settings
 * are the package's: `Decimal.set` or `Decimal.config` throws InvalidArgumentError. Before, an
 * embedder's `Decimal.set({ precision: 6 })` (the usual decimal.js habit) changed the package's own
 * sums, what checkInvoice found and the bytes of its PDFs (an outside review). `Decimal.clone({ … })`
 * gives a Decimal with settings of one's own. The constructor is not frozen: decimal.js sets
 * `precision` and `rounding` on it for a moment inside `pow`, `ln`, `exp` and others (frozen, they
 * threw a TypeError, the re-review found), so writing those properties by hand is not stopped.
 */
const configured = DecimalJs.clone({
  precision: 50,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
const fixedSettings = (): never => {
  throw new InvalidArgumentError('Decimal.set', "svc's Decimal keeps its settings for exact money (precision 50, ROUND_HALF_UP); use Decimal.clone({ ... }) for a Decimal with settings of your own");
};
Object.defineProperty(configured, 'set', { value: fixedSettings });
Object.defineProperty(configured, 'config', { value: fixedSettings });
export const Decimal: typeof DecimalJs = configured;
export type Decimal = DecimalJs;

/** A decimal number as text: digits with an optional sign, point and exponent (`-12.5`, `.5`, `1e-7`). */
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A Decimal from a decimal string (or an integer, a bigint, a Decimal); never from a float, whose
 * binary value has already lost the amount's digits. `field` names the value in the error.
 * @throws InvalidAmountError for a float, an integer past Number.MAX_SAFE_INTEGER, NaN, Infinity or text that is not a decimal number
 */
export function dec(value: string | number | bigint | Decimal, field = 'value'): Decimal {
  if (typeof value === 'number' && !Number.isInteger(value)) {
    throw new InvalidAmountError(field, `refusing to build a Decimal from the float ${value}; pass a decimal string`);
  }
  // An integer past 2^53 - 1 has already lost digits as a number (9007199254740993 arrives as ...992).
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new InvalidAmountError(field, `refusing to build a Decimal from ${value}, past the integers a number holds exactly; pass a decimal string or a bigint`);
  }
  if (typeof value === 'bigint') return new Decimal(value.toString());
  if (typeof value !== 'string' && typeof value !== 'number' && !Decimal.isDecimal(value)) {
    throw new InvalidAmountError(field, `must be a decimal string, an integer or a Decimal (got ${describe(value)})`);
  }
  // decimal.js also reads hexadecimal, binary and octal text ('0x10' is 16) and 'NaN'/'Infinity':
  // none of them is an amount as a record or a rates file writes one.
  if (typeof value === 'string' && !DECIMAL_TEXT.test(value)) {
    throw new InvalidAmountError(field, `${JSON.stringify(value).slice(0, 60)} is not a decimal number`);
  }
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    throw new InvalidAmountError(field, `${JSON.stringify(String(value)).slice(0, 60)} is not a decimal number`);
  }
  if (!d.isFinite()) throw new InvalidAmountError(field, `${d.toString()} is not an amount`);
  return d;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/**
 * Rounds half away from zero to an integer number of minor units (e.g. DKK 12.345 -> 1235 øre).
 * `major` is a Decimal or a decimal string; `digits` the currency's decimals (2 for DKK, EUR, USD).
 * @throws InvalidAmountError for a `major` that is not a decimal; UnsafeAmountError when the result is not a safe integer
 */
export function toMinorUnits(major: Decimal | string, digits = 2): number {
  checkDigits(digits);
  const value = Decimal.isDecimal(major) ? major : dec(major, 'major');
  if (!value.isFinite()) throw new InvalidAmountError('major', `${value.toString()} is not an amount`);
  const minor = value.times(new Decimal(10).pow(digits)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  const n = minor.toNumber();
  if (!Number.isSafeInteger(n)) throw new UnsafeAmountError('major', `${value.toString()} (${minor.toFixed()} in minor units)`);
  return n;
}

/**
 * Major units as a Decimal from integer minor units (1234 -> 12.34).
 * @throws UnsafeAmountError when `minor` is not a safe integer
 */
export function fromMinorUnits(minor: number, digits = 2): Decimal {
  checkDigits(digits);
  assertMinor(minor, 'minor');
  return new Decimal(minor).dividedBy(new Decimal(10).pow(digits));
}

function checkDigits(digits: unknown): void {
  if (typeof digits !== 'number' || !Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new InvalidArgumentError('digits', `must be a whole number of decimals from 0 to 20 (got ${String(digits)})`);
  }
}

/** VAT in minor units for a subtotal and a rate in basis points, rounded half up (2500 bps = 25 %). */
export function vatFromBps(subtotalMinor: number, rateBps: number): number {
  return new Decimal(subtotalMinor).times(rateBps).dividedBy(10_000).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}
