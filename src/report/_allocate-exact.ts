import type { Decimal } from 'decimal.js';

/**
 * Largest-remainder split of `totalMinor` over decimal `weights`, in exact integer (BigInt)
 * arithmetic: the same rule and tie-break (earlier weight first) as `allocateMinor` in
 * src/money, which spends about 3 s on Decimal division and sorting for 100,000 keys; this
 * takes a fraction of that. Weights must be non-negative (USD spend). Parts sum exactly to
 * the total unless every weight is zero, when everything is reported as unallocated.
 */
export function allocateExact(totalMinor: number, weights: ReadonlyArray<Decimal>): { parts: number[]; unallocated: number } {
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError(`unsafe amount ${totalMinor}`);
  // Plain decimal text of each weight (never exponent notation), scaled to a common number of places.
  let places = 0;
  const texts = weights.map((w) => {
    if (w.isNegative()) throw new RangeError(`negative weight ${w.toString()}`);
    const text = w.toFixed();
    const dot = text.indexOf('.');
    if (dot >= 0 && text.length - dot - 1 > places) places = text.length - dot - 1;
    return text;
  });
  const scaled = texts.map((text) => {
    const dot = text.indexOf('.');
    return dot < 0 ? BigInt(text + '0'.repeat(places)) : BigInt(text.slice(0, dot) + text.slice(dot + 1).padEnd(places, '0'));
  });
  const sumW = scaled.reduce((a, b) => a + b, 0n);
  if (weights.length === 0 || sumW === 0n) return { parts: weights.map(() => 0), unallocated: totalMinor };
  const sign = totalMinor < 0 ? -1 : 1;
  const total = BigInt(Math.abs(totalMinor));
  const parts: number[] = new Array(scaled.length);
  const rems: bigint[] = new Array(scaled.length);
  let given = 0n;
  for (let i = 0; i < scaled.length; i++) {
    const product = scaled[i]! * total;
    const q = product / sumW;
    parts[i] = Number(q);
    rems[i] = product - q * sumW;
    given += q;
  }
  let left = Number(total - given);
  if (left > 0) {
    const order = Array.from(scaled.keys()).sort((a, b) => (rems[b]! > rems[a]! ? 1 : rems[b]! < rems[a]! ? -1 : a - b));
    for (let k = 0; left > 0; k++, left--) parts[order[k]!]! += 1;
  }
  return { parts: parts.map((p) => p * sign || 0), unallocated: 0 };
}
