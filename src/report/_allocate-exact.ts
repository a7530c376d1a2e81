import type { Decimal } from '../money/decimal.js';

/** Non-negative plain decimal text, as `Decimal#toFixed()` writes it. */
const PLAIN = /^\d+(?:\.\d+)?$/;

function textOf(w: Decimal | string): string {
  const text = typeof w === 'string' ? w : w.toFixed();
  if (!PLAIN.test(text)) throw new RangeError(`weight ${text} is not a non-negative plain decimal`);
  return text;
}

function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function scale(text: string, places: number): bigint {
  const dot = text.indexOf('.');
  return dot < 0 ? BigInt(text + '0'.repeat(places)) : BigInt(text.slice(0, dot) + text.slice(dot + 1).padEnd(places, '0'));
}

/**
 * Largest-remainder split of `totalMinor` over decimal `weights`, in exact integer (BigInt)
 * arithmetic: the same rule and tie-break (earlier weight first) as `allocateMinor` in
 * src/money, which spends about 3 s on Decimal division and sorting for 100,000 keys; this
 * takes a fraction of that. Weights (USD spend) must be non-negative; `Decimal`s or plain
 * decimal text. `weights` is read twice, so it must be re-iterable (an array, or an object
 * whose iterator starts afresh), and is never copied: only the parts and remainders are held.
 * Parts sum exactly to the total unless every weight is zero, when everything is unallocated.
 */
export function allocateExact(totalMinor: number, weights: Iterable<Decimal | string>): { parts: number[]; unallocated: number } {
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError(`unsafe amount ${totalMinor}`);
  // First pass: the common number of places, and the sum scaled to it (rescaled as places grow).
  let places = 0;
  let sumW = 0n;
  let count = 0;
  for (const w of weights) {
    const text = textOf(w);
    const p = placesOf(text);
    if (p > places) {
      sumW *= 10n ** BigInt(p - places);
      places = p;
    }
    sumW += scale(text, places);
    count++;
  }
  if (count === 0 || sumW === 0n) return { parts: new Array<number>(count).fill(0), unallocated: totalMinor };
  const sign = totalMinor < 0 ? -1 : 1;
  const total = BigInt(Math.abs(totalMinor));
  const parts: number[] = new Array(count);
  const rems: bigint[] = new Array(count);
  let given = 0n;
  let i = 0;
  for (const w of weights) {
    const product = scale(textOf(w), places) * total;
    const q = product / sumW;
    parts[i] = Number(q);
    rems[i] = product - q * sumW;
    given += q;
    i++;
  }
  let left = Number(total - given);
  if (left > 0) {
    const order = Array.from({ length: count }, (_, k) => k).sort((a, b) => (rems[b]! > rems[a]! ? 1 : rems[b]! < rems[a]! ? -1 : a - b));
    for (let k = 0; left > 0; k++, left--) parts[order[k]!]! += 1;
  }
  return { parts: parts.map((p) => p * sign || 0), unallocated: 0 };
}
