import { Decimal } from './exact/decimal.js';

/**
 * Rounds `values` to `places` decimals for display so the shown values add up to the shown
 * total (their exact sum rounded half up): each is rounded down, and the units still missing go
 * to the largest remainders (ties to the earlier value). Every shown value is within one unit of
 * its exact value. What a table of amounts with a TOTAL row shows; exact figures stay elsewhere.
 */
export function roundToSum(values: readonly Decimal[], places = 2): { parts: Decimal[]; total: Decimal } {
  const exact = values.reduce((a, v) => a.plus(v), new Decimal(0));
  const total = exact.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  const unit = new Decimal(1).dividedBy(new Decimal(10).pow(places));
  const parts = values.map((v) => v.toDecimalPlaces(places, Decimal.ROUND_FLOOR));
  let missing = total.minus(parts.reduce((a, p) => a.plus(p), new Decimal(0))).dividedBy(unit).toNumber();
  const order = values.map((v, i) => ({ i, rem: v.minus(parts[i]!) })).sort((a, b) => b.rem.comparedTo(a.rem) || a.i - b.i);
  for (let k = 0; missing > 0 && k < order.length; k++, missing--) parts[order[k]!.i] = parts[order[k]!.i]!.plus(unit);
  return { parts, total };
}
