import { ExchangeRatesError } from './exchange-rates-error.js';
import { isCalendarDay } from './calendar-day.js';
import type { WrittenRate } from './exchange-rates.js';

/** A Nationalbanken rate as written, `688,12` (Danish) or `688.12` (English), with a decimal point; undefined for `-` or `..` (none that day). */
function rateOf(text: string, where: string): string | undefined {
  const t = text.trim();
  if (t === '-' || t === '..' || t === '') return undefined;
  if (!/^\d+(?:[.,]\d+)?$/.test(t) || /^0+(?:[.,]0+)?$/.test(t)) throw new ExchangeRatesError(where, `"${t.slice(0, 20)}" is not a rate (DKK per 100 units, e.g. 688,12)`);
  return t.replace(',', '.');
}

/** One attribute of an XML start tag, its entities decoded (codes and rates never need more than these). */
function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  const value = m ? (m[1] ?? m[2]!) : undefined;
  return value?.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * Danmarks Nationalbank's daily exchange rates as it publishes them in XML (the currency rates
 * feed, `currencyratesxml`, and its history): `<exchangerates … refcur="DKK">`, one
 * `<dailyrates id="YYYY-MM-DD">` per banking day, each `<currency code="USD" desc="…"
 * rate="688,12"/>`, a rate being DKK per 100 units of the currency (the bank's own statement
 * of its rates: "the price in Danish kroner for 100 units of foreign currency").
 */
export function readNationalbankXml(text: string, name: string): WrittenRate[] {
  const root = /<exchangerates\b[^>]*>/.exec(text)?.[0];
  if (!root) throw new ExchangeRatesError(name, 'an XML file, but not Danmarks Nationalbank\'s exchange rates (no <exchangerates> element)');
  const refcur = attribute(root, 'refcur');
  if (refcur && refcur !== 'DKK') throw new ExchangeRatesError(name, `the rates are in ${refcur.slice(0, 10)}, not DKK (refcur)`);
  const rows: WrittenRate[] = [];
  for (const day of text.matchAll(/<dailyrates\b([^>]*)>([\s\S]*?)<\/dailyrates>/g)) {
    const date = attribute(` ${day[1]!}`, 'id') ?? '';
    if (!isCalendarDay(date)) throw new ExchangeRatesError(name, `<dailyrates id="${date.slice(0, 20)}"> is not a date (YYYY-MM-DD)`);
    for (const tag of day[2]!.matchAll(/<currency\b[^>]*>/g)) {
      const code = attribute(tag[0], 'code') ?? '';
      if (!/^[A-Z]{3}$/.test(code)) throw new ExchangeRatesError(name, `<currency code="${code.slice(0, 10)}"> of ${date} is not a currency code`);
      const rate = rateOf(attribute(tag[0], 'rate') ?? '', `${name}: ${code} of ${date}`);
      if (rate) rows.push({ currency: code, date, dkk: rate, per: '100' });
    }
  }
  if (!rows.length) throw new ExchangeRatesError(name, 'Danmarks Nationalbank\'s XML, but it holds no rate (<dailyrates> with <currency … rate="…"/>)');
  return rows;
}

/** `2026M10D30` (Statbank's day) as `2026-10-30`. */
function statbankDay(text: string): string | undefined {
  const m = /^(\d{4})M(\d{2})D(\d{2})$/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

/**
 * Danmarks Nationalbank's daily rates from its Statbank (table DNVALD) as CSV: `;`-separated,
 * the columns `VALUTA;KURTYP;TID;INDHOLD`, a row per currency, rate type and day (`USD;KBH;
 * 2026M10D30;688,12`): the currency's code, `KBH` the exchange rate (other rate types are not
 * rates to DKK and are passed over), the day, and DKK per 100 units; `..` where none was set.
 * The file must carry the currencies' codes, not their names (Statbank's "codes" presentation,
 * or the API's BULK format).
 */
export function readStatbankCsv(text: string, name: string): WrittenRate[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const unquote = (c: string) => c.trim().replace(/^"(.*)"$/, '$1').trim();
  const header = lines[0]!.split(';').map(unquote).map((c) => c.toUpperCase());
  const col = (n: string) => header.indexOf(n);
  const [valuta, kurtyp, tid, indhold] = [col('VALUTA'), col('KURTYP'), col('TID'), col('INDHOLD')];
  if (valuta < 0 || tid < 0 || indhold < 0) throw new ExchangeRatesError(`${name} line 1`, 'a Statbank file needs the columns VALUTA, TID and INDHOLD');
  const rows: WrittenRate[] = [];
  lines.slice(1).forEach((raw, i) => {
    if (!raw.trim()) return;
    const where = `${name} line ${i + 2}`;
    const cells = raw.split(';').map(unquote);
    if (kurtyp >= 0 && cells[kurtyp] !== 'KBH') return;
    const code = cells[valuta] ?? '';
    if (!/^[A-Z]{3}$/.test(code)) throw new ExchangeRatesError(where, `VALUTA "${code.slice(0, 30)}" is not a currency code; export the table with codes (Statbank's code presentation, or the API's BULK format)`);
    const date = statbankDay(cells[tid] ?? '');
    if (!date || !isCalendarDay(date)) throw new ExchangeRatesError(where, `TID "${(cells[tid] ?? '').slice(0, 20)}" is not a day (YYYYMmmDdd, e.g. 2026M10D30)`);
    const rate = rateOf(cells[indhold] ?? '', where);
    if (rate) rows.push({ currency: code, date, dkk: rate, per: '100' });
  });
  if (!rows.length) throw new ExchangeRatesError(name, 'a Statbank file, but it holds no exchange rate (KURTYP KBH)');
  return rows;
}
