import { Decimal } from './exact/index.js';

/*
 * Why: LiteLLM adds spend up in binary floats, so its day totals and metadata totals can differ
 * from the exact sum of the amounts it sent by a few units in the 17th digit
 * (0.1 + 0.2 = 0.30000000000000004). Two such figures are "the same" when they differ by no more
 * than this: a millionth of a dollar, plus a billionth of the amount (float sums of a hundred
 * thousand records stay far inside either). The comparison itself is exact Decimal arithmetic;
 * nothing here is added up in floats.
 */
const ABSOLUTE = new Decimal('0.000001');
const RELATIVE = new Decimal('1e-9');

/** Whether `a` and `b` agree up to the rounding of float sums (see above). */
export function sameUpToFloatNoise(a: Decimal, b: Decimal): boolean {
  const scale = Decimal.max(a.abs(), b.abs());
  return a.minus(b).abs().lte(ABSOLUTE.plus(scale.times(RELATIVE)));
}
