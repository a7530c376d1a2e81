import { Decimal } from './exact/decimal.js';

/**
 * The range a rate of US dollars in Danish kroner (DKK per USD) is believed in: 1 to 100. The
 * rates this service states lie far inside it (the bundled samples: 6.39-6.90 DKK per USD), and
 * the usual mistakes fall outside it: a rate the wrong way round (USD per DKK, about 0.15), one
 * in øre (about 685), a figure with lost or extra digits (0.000001, 999999999999999.999999), a
 * zero or a negative rate. A rate outside it converts nothing: the DKK figure is not known, and
 * a finding names the record and the field. The bound is wide on purpose: it is no market
 * check, only a test of whether the figure can be a USD-to-DKK rate at all.
 */
export const USD_DKK_RATE_RANGE = { min: new Decimal(1), max: new Decimal(100) } as const;

/**
 * Why `rate` (DKK per USD) cannot be a USD-to-DKK rate, as words to follow the rate itself
 * (`is outside 1-100 DKK per USD, …`), or undefined when it can.
 */
export function usdDkkRateProblem(rate: Decimal): string | undefined {
  if (rate.gte(USD_DKK_RATE_RANGE.min) && rate.lte(USD_DKK_RATE_RANGE.max)) return undefined;
  return `is outside ${USD_DKK_RATE_RANGE.min.toFixed()}-${USD_DKK_RATE_RANGE.max.toFixed()} DKK per USD, where any USD-to-DKK rate lies (one the wrong way round is about 0.15, one in øre about 685)`;
}
