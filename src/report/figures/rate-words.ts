import { Decimal } from '../../money/index.js';
import { formatDate, formatNumber, t, type Locale } from '../../locale/index.js';
import type { DkkRateFacts } from '../../vat/index.js';

/** How an amount not in DKK reached DKK, in a document's words (the `rates.*` texts of its language). */
export interface RateWords {
  /** DKK per one unit of the currency, exact; null without a rate. */
  rate: Decimal | null;
  /** The rate shown: 4 to 6 decimals, the language's separators; '' without a rate. */
  rateText: string;
  /** Who set it, and the file it came from: "ECB's referencekurs (eurofxref-hist.csv)"; '' without a rate. */
  source: string;
  /** The day it was published for (YYYY-MM-DD); null without a rate. */
  date: string | null;
  /** One sentence: how the rate was taken and why that day (the law's rule), or why there is none. */
  note: string;
}

/** A published figure as written (`7.4610`), in the language's separators, no decimal dropped (nor its trailing zero). */
const figure = (text: string, locale: Locale): string => formatNumber(new Decimal(text), locale, text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

/** The words of a conversion's facts (vat/dkk-conversion.ts), the same on the workbook, summary.md and index.html. */
export function rateWords(facts: DkkRateFacts, locale: Locale): RateWords {
  const w = (key: string, params: Record<string, unknown> = {}) => t(locale, `rates.${key}`, params);
  const event = facts.chargeable_date && facts.chargeable_rule ? w(`event.${facts.chargeable_rule}`, { date: formatDate(facts.chargeable_date, locale) }) : '';
  const file = facts.rates_file ?? '';
  if (facts.source === null || facts.dkk === null || facts.per === null || facts.rate_date === null) {
    const code = facts.missing?.code ?? 'no_rates';
    const note = w(`missing.${code}`, { currency: facts.currency, file, event, lastDay: facts.missing?.last_day ? formatDate(facts.missing.last_day, locale) : '' });
    return { rate: null, rateText: '', source: '', date: null, note };
  }
  const rate = new Decimal(facts.dkk).dividedBy(facts.per);
  const rateText = formatNumber(rate, locale, Math.min(6, Math.max(4, rate.decimalPlaces())));
  const source = w(`source.${facts.source}`);
  if (facts.source === 'invoice') {
    const own = w('invoiceRate', { rate: rateText, date: formatDate(facts.rate_date, locale) });
    // Taken because the rates file has none for the invoice's chargeable day: said, with why.
    const instead = facts.missing ? ` ${w('invoiceRateInstead', { file, event, why: w(`missing.${facts.missing.code}`, { currency: facts.currency, file, event, lastDay: facts.missing.last_day ? formatDate(facts.missing.last_day, locale) : '' }) })}` : '';
    return { rate, rateText, source, date: facts.rate_date, note: `${own}${instead}` };
  }
  const publishedKey = facts.source === 'nationalbank' ? 'nationalbank' : facts.currency === 'EUR' ? 'ecbEur' : 'ecb';
  const published = w(`published.${publishedKey}`, { dkk: figure(facts.dkk, locale), per: figure(facts.per, locale), currency: facts.currency });
  const note = w('taken', { source, published, rateDate: formatDate(facts.rate_date, locale), file, event });
  return { rate, rateText, source: file ? `${source} (${file})` : source, date: facts.rate_date, note };
}
