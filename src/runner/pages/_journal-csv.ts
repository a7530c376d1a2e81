import { csvCell } from '../../core/csv/index.js';
import { formatMinor } from '../../money/index.js';
import { formatDate, getLocale, t, type Locale } from '../../locale/index.js';
import { rateWords } from '../../report/figures/index.js';
import { categoryLabel } from './_figures-view.js';
import type { JournalLine, RunBooks } from '../figures/books.js';

/** The journal's columns, in order (a bookkeeping system maps them on import). */
export const JOURNAL_COLUMNS = ['date', 'voucher', 'account', 'text', 'amount_dkk', 'vat_code', 'currency', 'amount_currency'] as const;

const PLAIN = { decimal: '.', group: '' };

/** The words of each rate, made once per rate (many invoices share a day's rate). */
type RateTexts = Map<string, { rate: string; source: string; date: string } | null>;

function lineText(l: JournalLine, locale: Locale, rates: RateTexts): string {
  const params = { number: l.voucher, buyer: l.buyer_name };
  if (l.kind === 'debtor') {
    const own = t(locale, 'runner.books.debtorText', params);
    // A voucher dated by the day its VAT became chargeable, not by the invoice date: its text says both.
    const text = l.invoice_date ? t(locale, 'runner.books.otherDayText', { text: own, invoiceDate: formatDate(l.invoice_date, locale), date: formatDate(l.date, locale) }) : own;
    if (!l.rate) return text;
    // An invoice not in DKK says on its debtor's line the rate it is posted at, its source and day.
    const key = JSON.stringify(l.rate);
    if (!rates.has(key)) {
      const words = rateWords(l.rate, locale);
      rates.set(key, words.date ? { rate: words.rateText, source: words.source, date: formatDate(words.date, locale) } : null);
    }
    const words = rates.get(key);
    return words ? t(locale, 'runner.books.rateText', { text, currency: l.currency, ...words }) : text;
  }
  if (l.kind === 'output_vat') return t(locale, 'runner.books.vatText', params);
  const category = l.category ? categoryLabel(l.category === 'subscription' ? 'plan' : l.category, locale) : t(locale, 'runner.books.net');
  return t(locale, 'runner.books.revenueText', { ...params, category });
}

/**
 * `books/journal.csv`: one row per posting, voucher by voucher (by date, then number), in UTF-8
 * (each voucher dated by the day its invoice's VAT became chargeable, which its debtor's text
 * names beside the invoice date where they differ),
 * with CRLF line ends (RFC 4180). Amounts are decimals with a point and no grouping, signed: debit
 * positive, credit negative; `amount_currency` in the invoice's own currency. The texts are in
 * `language`.
 */
export function renderJournalCsv(books: RunBooks, language: string): string {
  const locale = getLocale(language);
  const rows = [JOURNAL_COLUMNS.join(',')];
  const rates: RateTexts = new Map();
  for (const v of books.vouchers) {
    for (const l of v.lines) {
      rows.push([l.date, csvCell(l.voucher), csvCell(l.account), csvCell(lineText(l, locale, rates)), formatMinor(l.amount_dkk, PLAIN), csvCell(l.vat_code), l.currency, formatMinor(l.amount_currency, PLAIN)].join(','));
    }
  }
  return rows.join('\r\n') + '\r\n';
}
