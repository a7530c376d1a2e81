import { formatCount, formatDate, formatMoney, t, type Locale } from '../../locale/index.js';
import type { EuSale, NotBooked, RunBooks, VatBox, VatFigures } from '../figures/books.js';
import type { JournalChanges } from '../manifest/manifest.js';

// The run's books as words and formatted amounts in one language: the draft VAT return's boxes per
// VAT period, the EU sales list, the journal's sums and the invoices not booked, for summary.md and
// index.html to lay out each in its own markup. Nothing here adds up; every figure is runBooks'.

const w = (locale: Locale, key: string, params?: Record<string, unknown>) => t(locale, `runner.books.${key}`, params);

/** Escapes text from the API for the markup it goes into (summary.md: Markdown; the page's template escapes HTML itself). */
type Esc = (text: string) => string;

function boxView(label: string, b: VatBox, locale: Locale, esc: Esc) {
  const missing = b.missing_rate.length ? esc(w(locale, 'missingRate', { list: b.missing_rate.join(', ') })) : '';
  return {
    label,
    amount: b.ore === null ? w(locale, 'notKnown') : formatMoney(b.ore, 'DKK', locale),
    kroner: b.kroner === null ? '–' : formatCount(b.kroner, locale),
    invoices: esc(b.invoices.join(', ')) || '–',
    missing,
  };
}

function euSalesView(list: readonly EuSale[], locale: Locale, esc: Esc) {
  return list.map((e) => ({ vatNumber: esc(e.vat_number), country: e.country ?? '–', ...boxView('', e.services, locale, esc) }));
}

function figuresView(f: VatFigures, locale: Locale, esc: Esc) {
  return {
    boxes: [
      boxView(esc(w(locale, 'salesVat')), f.sales_vat, locale, esc),
      boxView(esc(w(locale, 'boxB')), f.box_b_services, locale, esc),
      boxView(esc(w(locale, 'boxC')), f.box_c, locale, esc),
    ],
    euSales: euSalesView(f.eu_sales, locale, esc),
  };
}

/** The books' view: each VAT period's boxes and EU sales list, the journal's sums, what is not booked and why. */
export function booksView(books: RunBooks, locale: Locale, esc: Esc = (text) => text) {
  return {
    heading: w(locale, 'heading'),
    h: (locale.runner as { books: { h: Record<string, string> } }).books.h,
    periods: books.periods.map((p) => ({
      title: w(locale, 'periodTitle', { period: p.period, from: formatDate(p.from, locale), to: formatDate(p.to, locale) }),
      ...figuresView(p, locale, esc),
    })),
    none: books.periods.length ? '' : w(locale, 'noneBooked'),
    journal: esc(w(locale, 'journalNote', {
      vouchers: formatCount(books.vouchers.length, locale),
      debit: formatMoney(books.totals.debit, 'DKK', locale),
      credit: formatMoney(-books.totals.credit, 'DKK', locale),
    })),
    accounts: esc(w(locale, 'accountsNote', { ...books.settings.accounts, ...books.settings.vat_codes })),
    note: esc(w(locale, 'draftNote')),
    otherDay: books.chargeable_other_day.map((c) => esc(w(locale, c.invoice_date_period ? 'otherDayPeriodLine' : 'otherDayLine', {
      number: c.invoice_number, org: c.org_id, invoiceDate: formatDate(c.invoice_date, locale), date: formatDate(c.chargeable_date, locale),
      period: c.period, invoicePeriod: c.invoice_date_period ?? '', event: t(locale, `rates.event.${c.rule}`, { date: formatDate(c.chargeable_date, locale) }),
    }))),
    notBooked: books.not_booked.map((n) =>
      esc(w(locale, 'notBookedLine', { number: n.invoice_number, org: n.org_id, reason: w(locale, `reason.${n.reason}`), creditNote: creditNoteText(n, locale) })),
    ),
    notRead: books.invoices_not_read.length ? esc(w(locale, 'notReadLine', { orgs: notReadNames(books) })) : '',
    // What makes the journal or the return not one seller's as it stands: said first, in bold.
    problems: [
      ...(books.sellers.length ? [w(locale, 'sellersLine', { sellers: books.sellers.join(', ') })] : []),
      ...books.duplicate_vouchers.map((d) => w(locale, 'duplicateVoucherLine', { voucher: d.voucher, orgs: [...new Set(d.org_ids)].join(', ') })),
    ].map(esc),
    changes: books.journal_changes ? changesView(books.journal_changes, locale, esc) : null,
    notCompared: notComparedText(books, locale, esc),
  };
}

/** Why the journal was not compared with the last run's, in words; '' when it was (or there was none). */
/** The organizations whose invoices the run did not read, each earlier run's invoice not read again by number: `org-kattegat (2026-0144)`. */
function notReadNames(books: RunBooks): string {
  return books.invoices_not_read.map((org) => {
    const numbers = books.kept_invoices_not_read.filter((i) => i.org_id === org).map((i) => i.invoice_number);
    return numbers.length ? `${org} (${numbers.join(', ')})` : org;
  }).join(', ');
}

function notComparedText(books: RunBooks, locale: Locale, esc: Esc): string {
  const n = books.journal_not_compared;
  if (!n) return '';
  const key = n.code === 'run_incomplete' && !n.orgs?.length ? 'run_incompleteInterrupted' : n.code;
  return esc(w(locale, `notCompared.${key}`, { orgs: (n.orgs ?? []).join(', ') }));
}

/** At most this many vouchers are named on a page; the manifest's `journal_changes` lists them all. */
const CHANGES_SHOWN = 40;

/** How the journal differs from the last run's: a note for whoever imported that one, and each voucher gone, changed or new. */
function changesView(c: JournalChanges, locale: Locale, esc: Esc) {
  const money = (ore: number) => formatMoney(ore, 'DKK', locale);
  const lines = [
    ...c.removed.map((v) => w(locale, 'changes.removed', { voucher: v.voucher, date: formatDate(v.date, locale), amount: money(v.debtor_ore) })),
    ...c.changed.map((v) => w(locale, 'changes.changed', { voucher: v.voucher, date: formatDate(v.date, locale), before: money(v.before_ore), after: money(v.after_ore) })),
    ...c.added.map((v) => w(locale, 'changes.added', { voucher: v.voucher, date: formatDate(v.date, locale), amount: money(v.debtor_ore) })),
  ];
  const more = lines.length - CHANGES_SHOWN;
  return {
    note: esc(w(locale, 'changes.note', { removed: formatCount(c.removed.length, locale), changed: formatCount(c.changed.length, locale), added: formatCount(c.added.length, locale) })),
    lines: [...lines.slice(0, CHANGES_SHOWN), ...(more > 0 ? [w(locale, 'changes.more', { count: formatCount(more, locale) })] : [])].map(esc),
  };
}

/** What a not-booked invoice's credit note means for the return: cancels it, falls in another period, or is still to make. */
function creditNoteText(n: NotBooked, locale: Locale): string {
  const vat = vatAtStake(n, locale);
  if (n.credit_note && n.credit_note_period) {
    return vat && n.vat_period
      ? w(locale, 'creditNoteOtherPeriodVat', { number: n.credit_note, period: n.credit_note_period, own: n.vat_period, vat })
      : w(locale, 'creditNoteOtherPeriod', { number: n.credit_note, period: n.credit_note_period });
  }
  if (n.credit_note) return w(locale, 'creditNoteToo', { number: n.credit_note });
  if (!n.credit_note_to_make) return '';
  if (n.vat_cents === 0) return w(locale, 'creditNoteToMakeNoVat');
  return vat && n.vat_period ? w(locale, 'creditNoteToMakeVat', { vat, period: n.vat_period }) : w(locale, 'creditNoteToMake');
}

/** The VAT the invoice states, in its currency and in DKK where they differ and a rate states it; null when none is stated (0, or an entry of an earlier version). */
function vatAtStake(n: NotBooked, locale: Locale): string | null {
  if (n.vat_cents === undefined || n.vat_cents === 0) return null;
  const own = formatMoney(n.vat_cents, n.currency, locale);
  const inDkk = n.currency !== 'DKK' && n.vat_dkk_cents !== undefined && n.vat_dkk_cents !== null ? formatMoney(n.vat_dkk_cents, 'DKK', locale) : null;
  return inDkk ? `${own} (${inDkk})` : own;
}
