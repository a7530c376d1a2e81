import type { Decimal } from '../money/exact/index.js';
import { formatDecimal, formatInteger, formatMinor } from '../money/format/index.js';
import type { Locale } from './locale.js';
// fillerOf: the formats are plain fields, filled without Handlebars' per-call setup (same text).
import { fillerOf } from './translate.js';

/** `20.421,46 DKK` (da) / `DKK 20,421.46` (en): integer minor units with the currency code. */
export function formatMoney(minor: number | bigint, currency: string, locale: Locale): string {
  return fillerOf(locale.format.money)({ amount: formatMinor(minor, locale.format.number), currency });
}

/** A Decimal amount (or decimal string) with the currency, rounded half up to `places` (for USD spend, rates). */
export function formatDecimalMoney(value: Decimal | string, currency: string, locale: Locale, places = 2): string {
  return fillerOf(locale.format.money)({ amount: formatDecimal(value, locale.format.number, places), currency });
}

export function formatNumber(value: Decimal | string, locale: Locale, places: number): string {
  return formatDecimal(value, locale.format.number, places);
}

export function formatCount(value: number | bigint, locale: Locale): string {
  return formatInteger(value, locale.format.number);
}

/** `25 %` from a percent value (Decimal), e.g. VAT rate 2500 bps -> 25. */
export function formatPercent(value: Decimal, locale: Locale, places = 0): string {
  return fillerOf(locale.format.percent)({ value: formatDecimal(value, locale.format.number, places) });
}

/**
 * A calendar date `YYYY-MM-DD` (or the date part of an ISO date-time, as written, in its own
 * offset) in the language's style: da `15.11.2026`, en `15 Nov 2026`. Pure string work, no clock.
 */
export function formatDate(isoDate: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new RangeError(`not a date: ${isoDate}`);
  const [, year, month2, day2] = m as unknown as [string, string, string, string];
  const month = Number(month2);
  return fillerOf(locale.format.date)({
    year,
    month2,
    day2,
    day: String(Number(day2)),
    month: String(month),
    monthShort: locale.format.monthsShort[month - 1],
    monthLong: locale.format.monthsLong[month - 1],
  });
}

/** `november 2026` / `November 2026` from `2026-11` or `2026-11-01`. */
export function formatMonth(isoMonth: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})/.exec(isoMonth);
  if (!m) throw new RangeError(`not a month: ${isoMonth}`);
  return `${locale.format.monthsLong[Number(m[2]) - 1]} ${m[1]}`;
}
