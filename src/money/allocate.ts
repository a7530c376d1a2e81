import { Decimal } from './decimal.js';

/**
 * Splits `totalMinor` integer units over `weights` in proportion, by the largest-remainder
 * method, so the parts sum exactly to the total. Ties go to the earlier weight, which keeps
 * the result deterministic. All-zero weights give everything to nobody: every part is 0
 * and the remainder is reported, so the caller can show it instead of hiding it.
 */
export function allocateMinor(totalMinor: number, weights: ReadonlyArray<Decimal>): { parts: number[]; unallocated: number } {
  const sumW = weights.reduce((a, w) => a.plus(w), new Decimal(0));
  if (weights.length === 0 || sumW.isZero()) return { parts: weights.map(() => 0), unallocated: totalMinor };
  const sign = totalMinor < 0 ? -1 : 1;
  const total = Math.abs(totalMinor);
  const exact = weights.map((w) => w.times(total).dividedBy(sumW));
  const parts = exact.map((e) => e.floor().toNumber());
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rem: e.minus(e.floor()) }))
    .sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) parts[order[k]!.i]! += 1;
  return { parts: parts.map((p) => p * sign || 0), unallocated: 0 };
}
