export { assertMinor, sumMinor, MINOR_DIGITS } from './minor.js';
export { UnsafeAmountError } from './unsafe-amount-error.js';
export { InvalidAmountError } from './invalid-amount-error.js';
export { Decimal, dec, toMinorUnits, fromMinorUnits, vatFromBps } from './decimal.js';
export { allocateMinor } from './allocate.js';
export { formatMinor, formatDecimal, formatInteger, type NumberFormat } from './format.js';
export { isCalendarDay } from './calendar-day.js';
export { parseExchangeRates, isPublishedRate, MAX_DAYS_WITHOUT_RATE, type ExchangeRates, type RateSource, type RateRow, type PublishedRate, type MissingRate } from './exchange-rates.js';
export { ExchangeRatesError } from './exchange-rates-error.js';
