export { assertMinor, sumMinor, MINOR_DIGITS } from './minor.js';
export { UnsafeAmountError } from './unsafe-amount-error.js';
export { InvalidAmountError } from './invalid-amount-error.js';
export { Decimal, dec, toMinorUnits, fromMinorUnits, vatFromBps } from './decimal.js';
export { allocateMinor } from './allocate.js';
export { USD_DKK_RATE_RANGE, usdDkkRateProblem } from './usd-dkk-rate.js';
export { formatMinor, formatDecimal, formatInteger, type NumberFormat } from './format.js';
