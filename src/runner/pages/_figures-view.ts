import { formatCount, formatDate, formatMoney, t, tn, type Locale } from '../../locale/index.js';
import { rateWords } from '../../report/figures/index.js';
import { entryTotalDkk, type CostRow, type CurrencyTotals, type DkkTotal, type OrgCostFigures, type RunFigures } from '../figures/run-figures.js';
import type { InvoiceEntry } from '../manifest/manifest.js';

// The run's figures as words and formatted amounts in one language: what summary.md and
// index.html lay out, each in its own markup. Nothing here adds up; every figure is the model's.

/** A cost category's name: usage, plan, or a kind of invoice line (a kind the language does not name yet shows as recorded). */
export function categoryLabel(category: string, locale: Locale): string {
  const names = (locale.runner as { summary: { costCategory?: Record<string, string> } }).summary.costCategory ?? {};
  return typeof names[category] === 'string' ? names[category] : category;
}

/** One row per currency: invoices, net, VAT, total. */
export function currencyRows(totals: readonly CurrencyTotals[], locale: Locale) {
  return totals.map((s) => ({
    currency: s.currency,
    invoices: formatCount(s.invoices, locale),
    net: formatMoney(s.net_cents, s.currency, locale),
    vat: formatMoney(s.vat_cents, s.currency, locale),
    total: formatMoney(s.total_cents, s.currency, locale),
  }));
}

/** Per currency, one amount each (`pick`): an organization's cell, one line per currency. */
export function perCurrency(totals: readonly CurrencyTotals[], pick: 'net_cents' | 'vat_cents' | 'total_cents', locale: Locale): string[] {
  return totals.map((s) => formatMoney(s[pick], s.currency, locale));
}

/** The "all in DKK" row, and which invoices it leaves out; null row when nothing converts. */
export function dkkView(inDkk: DkkTotal, locale: Locale) {
  const w = (key: string, params?: Record<string, unknown>) => t(locale, `runner.page.${key}`, params);
  return {
    row: inDkk.invoices ? { invoices: formatCount(inDkk.invoices, locale), total: formatMoney(inDkk.total_cents, 'DKK', locale) } : null,
    notConverted: inDkk.not_converted.length
      ? w('notConverted', { list: inDkk.not_converted.map((c) => w('notConvertedItem', { count: c.invoices, currency: c.currency })).join(', ') })
      : '',
  };
}

/** Labelled cost rows and their total; `–`/"not known" where a figure is not known. */
export function costRowsView(rows: readonly CostRow[], total: bigint | null, locale: Locale) {
  const unknown = t(locale, 'runner.summary.notKnown');
  const dkk = (v: bigint | null) => (v === null ? unknown : formatMoney(v, 'DKK', locale));
  return { rows: rows.map((r) => ({ label: categoryLabel(r.category, locale), amount: dkk(r.dkk_cents) })), total: dkk(total) };
}

/** The run's cost in DKK of all organizations whose cost is known; null when none is. */
export function runCostView(figures: RunFigures, locale: Locale) {
  const c = figures.cost;
  if (!c.organizations) return null;
  return {
    ...costRowsView(c.rows, c.total_dkk_cents, locale),
    estimated: c.rate_estimated,
    note: c.not_known ? tn(locale, 'runner.page.costTotalsNote', c.not_known, { count: formatCount(c.not_known, locale) }) : '',
  };
}

/** An organization's cost rows and total, formatted. */
export function orgCostView(cost: OrgCostFigures | null, locale: Locale) {
  return cost ? costRowsView(cost.rows, cost.total_dkk_cents, locale) : null;
}

/**
 * An invoice not in DKK in DKK, as summary.md and index.html show it: its total in DKK, the rate,
 * its source and day, and one sentence of how it was taken (the law's day) or why there is none.
 * DKK invoices and entries of earlier manifests without their `dkk` give only the total.
 */
export function invoiceDkkView(i: InvoiceEntry, locale: Locale) {
  const total = entryTotalDkk(i);
  const words = i.dkk ? rateWords(i.dkk, locale) : null;
  return {
    total: total === null ? '–' : formatMoney(total, 'DKK', locale),
    rate: words?.rateText || '–',
    source: words?.source || '–',
    date: words?.date ? formatDate(words.date, locale) : '–',
    note: words?.note ?? '',
  };
}
