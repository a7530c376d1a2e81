export { assertMinor, sumMinor, MINOR_DIGITS, UnsafeAmountError, InvalidAmountError, Decimal, dec, toMinorUnits, fromMinorUnits, vatFromBps } from './exact/index.js';
export { allocateMinor } from './allocate.js';
export { USD_DKK_RATE_RANGE, usdDkkRateProblem } from './usd-dkk-rate.js';
export { formatMinor, formatDecimal, formatInteger, type NumberFormat } from './format/index.js';
export { isCalendarDay, parseExchangeRates, isPublishedRate, MAX_DAYS_WITHOUT_RATE, type ExchangeRates, type RateSource, type RateRow, type PublishedRate, type MissingRate, ExchangeRatesError } from './rates/index.js';
export { roundToSum } from './round-to-sum.js';
export { sameUpToFloatNoise } from './float-noise.js';
