import { InvalidArgumentError } from '../core/index.js';
import { Decimal } from './exact/decimal.js';
import { InvalidAmountError } from './exact/invalid-amount-error.js';
import { UnsafeAmountError } from './exact/unsafe-amount-error.js';

/** Plain decimal text, signed, as `Decimal#toFixed()` writes it. */
const PLAIN = /^-?\d+(?:\.\d+)?$/;

function textOf(w: Decimal | string, index: number): string {
  // A number is refused, not written with toFixed: 1.5 would become "2", and a float has lost digits already.
  if (typeof w !== 'string' && !Decimal.isDecimal(w)) throw new InvalidAmountError(`weights[${index}]`, `must be a Decimal or a decimal string (got ${typeof w})`);
  const text = typeof w === 'string' ? w : w.toFixed();
  if (!PLAIN.test(text)) throw new InvalidAmountError(`weights[${index}]`, `${JSON.stringify(text).slice(0, 60)} is not a plain decimal number`);
  return text;
}

function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** `text` times 10^places as an integer (places >= the text's own decimals). */
function scale(text: string, places: number): bigint {
  const dot = text.indexOf('.');
  return dot < 0 ? BigInt(text + '0'.repeat(places)) : BigInt(text.slice(0, dot) + text.slice(dot + 1).padEnd(places, '0'));
}

/** Mathematical floor of a / b for b > 0 (BigInt division truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a < 0n && q * b !== a ? q - 1n : q;
}

/**
 * Splits `totalMinor` integer units over `weights` in proportion, by the largest-remainder
 * method, in exact integer (BigInt) arithmetic, so the parts sum exactly to the total. Ties go
 * to the earlier weight, which keeps the result deterministic. This is the package's one
 * allocator: per-key and per-day DKK of the cost workbook, provider lines of an invoice, an
 * invoice's DKK over its categories and lines (vat/dkk-conversion.ts `splitDkk`: the journal and
 * the cost figures).
 *
 * A negative weight is a credit (spend the service gave back): its part is negative, in
 * proportion like any other, and the parts still sum exactly to the total. When the weights sum
 * to zero (nothing spent, or credits cancelling the spend) there is nothing to split by: every
 * part is 0 and the whole total is reported as `unallocated`, so the caller can show it.
 * A negative total is split as the mirror image of the positive one. `weightSum` is the
 * weights' exact sum as plain decimal text (the caller's total of what it split by).
 *
 * Weights are `Decimal`s or plain decimal text; `weights` is read once (any iterable), and
 * their texts are kept while the parts are computed.
 * @throws UnsafeAmountError for a total that is not a safe integer; InvalidAmountError naming `weights[i]` for a weight that is not a plain decimal
 */
export function allocateMinor(totalMinor: number, weights: Iterable<Decimal | string>): { parts: number[]; unallocated: number; weightSum: string } {
  if (!Number.isSafeInteger(totalMinor)) throw new UnsafeAmountError('totalMinor', totalMinor);
  if (weights === null || typeof (weights as { [Symbol.iterator]?: unknown } | undefined)?.[Symbol.iterator] !== 'function') {
    throw new InvalidArgumentError('weights', 'must be a list of Decimals or decimal strings');
  }
  // First pass: the common number of places, and the sum scaled to it (rescaled as places grow).
  // The texts are kept for the second pass: reading the weights again (100,000 keys unpacked
  // from a compact store) cost more than holding their texts.
  let places = 0;
  let sumW = 0n;
  let count = 0;
  const texts: string[] = [];
  for (const w of weights) {
    const text = textOf(w, count);
    texts.push(text);
    const p = placesOf(text);
    if (p > places) {
      sumW *= 10n ** BigInt(p - places);
      places = p;
    }
    sumW += scale(text, places);
    count++;
  }
  const weightSum = plainText(sumW, places);
  if (count === 0 || sumW === 0n) return { parts: new Array<number>(count).fill(0), unallocated: totalMinor, weightSum };
  // total * w / sum is unchanged when both w and sum change sign: split by a positive sum.
  const flip = sumW < 0n ? -1n : 1n;
  const divisor = sumW * flip;
  const sign = totalMinor < 0 ? -1 : 1;
  const total = BigInt(Math.abs(totalMinor));
  const parts: number[] = new Array(count);
  const rems: bigint[] = new Array(count);
  let given = 0n;
  for (let i = 0; i < count; i++) {
    const product = scale(texts[i]!, places) * flip * total;
    const q = floorDiv(product, divisor);
    parts[i] = Number(q);
    rems[i] = product - q * divisor;
    given += q;
  }
  let left = Number(total - given);
  if (left > 0) {
    const order: Remainder[] = new Array(count);
    for (let i = 0; i < count; i++) order[i] = { rem: rems[i]!, index: i };
    order.sort(largestRemainderFirst);
    for (let k = 0; left > 0; k++, left--) parts[order[k]!.index]! += 1;
  }
  for (let i = 0; i < count; i++) parts[i] = parts[i]! * sign || 0;
  return { parts, unallocated: 0, weightSum };
}

interface Remainder {
  rem: bigint;
  index: number;
}

/**
 * The largest remainder first; of equal ones, the earlier part. A function of the module, not a
 * comparator made per call: V8 drops the optimized code of a closure made per call at each full
 * collection and compiles it again (bench/README.md, issue 42).
 */
function largestRemainderFirst(a: Remainder, b: Remainder): number {
  return b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.index - b.index;
}

/** `scaled` / 10^places as plain decimal text (`-12.50` for -1250n, 2). */
function plainText(scaled: bigint, places: number): string {
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(places + 1, '0');
  const whole = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return scaled < 0n ? `-${whole}` : whole;
}
