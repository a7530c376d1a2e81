// money/rates: the exchange-rate files (ECB CSV, Nationalbanken XML, Statistikbanken CSV) read into
// one table of published rates; a run's rates file reads it.
export { isCalendarDay } from './calendar-day.js';
export { parseExchangeRates, isPublishedRate, MAX_DAYS_WITHOUT_RATE, type ExchangeRates, type RateSource, type RateRow, type PublishedRate, type MissingRate } from './exchange-rates.js';
export { ExchangeRatesError } from './exchange-rates-error.js';
