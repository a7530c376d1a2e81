import { InvalidArgumentError } from '../core/index.js';
import { formatMoney as moneyIn } from './format.js';
import { getLocale } from './locale.js';
import type { Language } from './language.js';

const CURRENCIES: readonly string[] = ['DKK', 'EUR', 'USD'];

/**
 * An amount in minor units as the documents print it, in `language`'s format: 3174028 øre →
 * `31.740,28 DKK` (da), `DKK 31,740.28` (en). Exact (no float, no Intl), the same figure the
 * PDFs, workbooks and `summary.md` show. `currency` is one of the API's (all have 2 decimals).
 * @throws InvalidArgumentError for a currency the API does not use
 * @throws UnsafeAmountError for a number past 2^53 − 1 (pass a bigint)
 * @throws UnknownLanguageError for a language not installed
 */
export function formatMoney(minor: number | bigint, currency: string, language: Language = 'da'): string {
  if (!CURRENCIES.includes(currency)) throw new InvalidArgumentError('currency', `must be one of ${CURRENCIES.join(', ')} (got ${JSON.stringify(currency)})`);
  if (typeof minor !== 'bigint' && (typeof minor !== 'number' || !Number.isInteger(minor))) {
    throw new InvalidArgumentError('minor', `must be a whole number of minor units, e.g. 3174028 for 31,740.28 (got ${JSON.stringify(minor)})`);
  }
  return moneyIn(minor, currency, getLocale(language));
}
