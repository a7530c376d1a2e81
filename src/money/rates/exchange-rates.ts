import { createHash } from 'node:crypto';
import { Decimal } from '../exact/decimal.js';
import { ExchangeRatesError } from './exchange-rates-error.js';
import { readEcbCsv } from './_ecb-rates.js';
import { readNationalbankXml, readStatbankCsv } from './_nationalbank-rates.js';

/** Who published a rates file: the European Central Bank, or Danmarks Nationalbank. */
export type RateSource = 'ecb' | 'nationalbank';

/** One published rate as a file states it: `dkk` kroner for `per` units of `currency`. */
export interface RateRow {
  currency: string;
  /** The banking day it was set for, YYYY-MM-DD. */
  date: string;
  dkk: Decimal;
  per: Decimal;
  /** `dkk` and `per` as the file writes them (`7.4610` keeps its zero), decimal point. */
  written: { dkk: string; per: string };
}

/** A rate as a parser reads it: the figures as written (checked, decimal point), made Decimal only when a date asks for it. */
export interface WrittenRate {
  currency: string;
  date: string;
  dkk: string;
  per: string;
}

/** The rate a date takes, as published: its source and day, and DKK per unit, exact. */
export interface PublishedRate extends RateRow {
  source: RateSource;
  /** DKK per 1 unit of the currency: `dkk / per`, to 50 significant digits (an ECB cross rate has no end). */
  rate: Decimal;
}

/** Why a date has no rate: the file has no rate of that currency, ends before the date, or has none in the days before it. */
export interface MissingRate {
  code: 'currency_not_published' | 'file_ends_before' | 'none_in_days_before';
  currency: string;
  date: string;
  /** The last day the file has a rate for (`file_ends_before`). */
  lastDay?: string;
  /** One sentence in English naming the values. */
  message: string;
}

/**
 * Banking days without a rate are weekends and holidays (the ECB's TARGET holidays, Danish
 * bank holidays): Easter leaves Wednesday's rate to stand until Monday, five days on. A date
 * further from the last rate before it than this has a gap in the file, not a holiday.
 */
export const MAX_DAYS_WITHOUT_RATE = 6;

const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * Exchange rates to DKK as an issuer published them (parseExchangeRates reads the file). A
 * date's rate is the latest published on or before it (momsbekendtgørelsen § 97, stk. 4: "den
 * senest offentliggjorte valutakurs på tidspunktet for afgiftspligtens indtræden"; VAT
 * Directive art. 91(2)): that day's own, or on a weekend or holiday the last banking day's.
 * Never a guess: a date after the file's last day, or more than MAX_DAYS_WITHOUT_RATE days
 * after the last rate before it, has none, and `rateOn` says why.
 */
export interface ExchangeRates {
  /** Who published them. */
  readonly source: RateSource;
  /** How the user named them (a file name), for messages and documents. */
  readonly name: string;
  /** The last day any rate of the file was set for. */
  readonly lastDay: string;
  /** sha256 of the rates themselves (source, and every currency's days and figures): the same rates, the same digest, whatever the file's layout. */
  readonly digest: string;
  /** The currencies the file has a rate for, sorted. */
  readonly currencies: string[];
  /** The rate of `currency` to DKK that `date` (YYYY-MM-DD) takes, or why it has none. */
  rateOn(currency: string, date: string): PublishedRate | MissingRate;
}

/** ExchangeRates over the rows of one file. */
class RatesTable implements ExchangeRates {
  /** Each currency's rates, oldest first. */
  private readonly byCurrency = new Map<string, WrittenRate[]>();
  readonly lastDay: string;
  private digestHex: string | undefined;

  constructor(
    readonly source: RateSource,
    readonly name: string,
    rows: readonly WrittenRate[],
  ) {
    for (const row of rows) {
      const list = this.byCurrency.get(row.currency) ?? [];
      list.push(row);
      this.byCurrency.set(row.currency, list);
    }
    for (const list of this.byCurrency.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    this.lastDay = rows.reduce((a, r) => (r.date > a ? r.date : a), '');
  }

  // Hashed once, when first asked for (a cost workbook's generator string names it), not at every parse.
  get digest(): string {
    if (this.digestHex === undefined) {
      const hash = createHash('sha256').update(this.source);
      for (const currency of this.currencies) for (const r of this.byCurrency.get(currency)!) hash.update(`\n${currency} ${r.date} ${r.dkk} ${r.per}`);
      this.digestHex = hash.digest('hex');
    }
    return this.digestHex;
  }

  get currencies(): string[] {
    return [...this.byCurrency.keys()].sort();
  }

  rateOn(currency: string, date: string): PublishedRate | MissingRate {
    const list = this.byCurrency.get(currency);
    const missing = (code: MissingRate['code'], message: string, extra: Partial<MissingRate> = {}): MissingRate => ({ code, currency, date, message, ...extra });
    if (!list) return missing('currency_not_published', `${this.name} has no ${currency} rate`);
    if (date > this.lastDay) return missing('file_ends_before', `${this.name} ends on ${this.lastDay}, before ${date}: the rate published on ${date} is not in it`, { lastDay: this.lastDay });
    // The last rate on or before the date: a binary search over the days, oldest first.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]!.date <= date) lo = mid + 1;
      else hi = mid;
    }
    const found = lo > 0 ? list[lo - 1] : undefined;
    if (!found || dayNumber(date) - dayNumber(found.date) > MAX_DAYS_WITHOUT_RATE) {
      return missing('none_in_days_before', `${this.name} has no ${currency} rate published in the ${MAX_DAYS_WITHOUT_RATE + 1} days up to ${date}`);
    }
    const dkk = new Decimal(found.dkk);
    const per = new Decimal(found.per);
    return { currency, date: found.date, dkk, per, written: { dkk: found.dkk, per: found.per }, source: this.source, rate: dkk.dividedBy(per) };
  }
}

/** Whether `rateOn` found a rate. */
export function isPublishedRate(r: PublishedRate | MissingRate): r is PublishedRate {
  return 'rate' in r;
}

/**
 * Reads a rates file in the format its issuer publishes it, told by its content: the ECB's euro
 * reference rates CSV (eurofxref-hist.csv or the daily eurofxref.csv: a `Date` column, then one
 * column per currency, per 1 EUR), Danmarks Nationalbank's XML (`<exchangerates>`, DKK per 100
 * units) or its Statbank CSV (table DNVALD, `VALUTA;KURTYP;TID;INDHOLD`, DKK per 100 units).
 * `name` (a file name) is how messages and documents name it.
 * @throws ExchangeRatesError naming the file and line when it is none of these, or a line is no rate
 */
export function parseExchangeRates(text: string, name: string): ExchangeRates {
  const body = text.replace(/^\uFEFF/, '');
  const head = body.trimStart();
  if (head.startsWith('<')) return new RatesTable('nationalbank', name, readNationalbankXml(body, name));
  const first = head.split(/\r?\n/, 1)[0]!;
  if (/^"?date"?\s*,/i.test(first)) {
    const rows = readEcbCsv(head, name);
    if (!rows.length) throw new ExchangeRatesError(name, 'the ECB rates file holds no day with a DKK rate');
    return new RatesTable('ecb', name, rows);
  }
  if (/VALUTA/i.test(first) && /;/.test(first)) return new RatesTable('nationalbank', name, readStatbankCsv(head, name));
  throw new ExchangeRatesError(name, 'not a rates file svc reads: the ECB\'s euro reference rates CSV (eurofxref-hist.csv: Date, then a column per currency), or Danmarks Nationalbank\'s daily rates as XML (<exchangerates>) or Statbank CSV (VALUTA;KURTYP;TID;INDHOLD)');
}
