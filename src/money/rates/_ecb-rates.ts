import { isCalendarDay } from './calendar-day.js';
import { ExchangeRatesError } from './exchange-rates-error.js';
import type { WrittenRate } from './exchange-rates.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const RATE = /^\d+(?:\.\d+)?$/;
const ZERO = /^0+(?:\.0+)?$/;

/** `2026-10-30`, or the daily file's `30 October 2026`, as YYYY-MM-DD; undefined for anything else. */
function dayOf(text: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
  return m && month >= 0 ? `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : undefined;
}

/**
 * The ECB's euro foreign exchange reference rates as CSV (eurofxref-hist.csv, or the daily
 * eurofxref.csv): a `Date` column, then one column per currency, each the currency's units per
 * 1 EUR; `N/A` (or empty) where none was set that day. DKK per unit of a currency is then the
 * DKK column over that currency's (VAT Directive art. 91(2): conversion between two currencies
 * other than the euro goes through each one's euro rate), and DKK per EUR the DKK column itself.
 */
export function readEcbCsv(text: string, name: string): WrittenRate[] {
  const lines = text.split(/\r?\n/);
  const header = lines[0]!.split(',').map((c) => c.trim());
  const dkk = header.indexOf('DKK');
  if (dkk < 0) throw new ExchangeRatesError(`${name} line 1`, 'the ECB rates have no DKK column, so no rate to DKK can be read from them');
  const columns = header.map((c, i) => (i > 0 && i !== dkk && /^[A-Z]{3}$/.test(c) ? i : -1)).filter((i) => i > 0);
  const rows: WrittenRate[] = [];
  const rate = (cell: string, line: number, column: string): string | undefined => {
    if (cell === '' || cell === 'N/A') return undefined;
    if (!RATE.test(cell) || ZERO.test(cell)) throw new ExchangeRatesError(`${name} line ${line}`, `${column} "${cell.slice(0, 20)}" is not a rate (a positive decimal number, or N/A)`);
    return cell;
  };
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    const line = i + 1;
    const cells = raw.split(',').map((c) => c.trim());
    const date = dayOf(cells[0]!);
    if (!date || !isCalendarDay(date)) throw new ExchangeRatesError(`${name} line ${line}`, `"${cells[0]!.slice(0, 20)}" is not a date (YYYY-MM-DD)`);
    const perEur = rate(cells[dkk] ?? '', line, 'DKK');
    if (!perEur) continue;
    rows.push({ currency: 'EUR', date, dkk: perEur, per: '1' });
    for (const c of columns) {
      const units = rate(cells[c] ?? '', line, header[c]!);
      if (units) rows.push({ currency: header[c]!, date, dkk: perEur, per: units });
    }
  }
  return rows;
}
