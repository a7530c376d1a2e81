import { exactJson } from '../manifest/_exact-json.js';
import type { RunBooks, VatBox, VatFigures } from '../figures/books.js';

/** A box as the file states it: øre and whole kroner (null without a rate for every invoice), the invoices behind it, and those missing a rate. */
function box(b: VatBox) {
  return {
    ore: b.ore,
    kroner: b.kroner,
    invoices: b.invoices,
    ...(b.missing_rate.length ? { missing_rate: b.missing_rate, converted_ore: b.converted_ore } : {}),
  };
}

function figures(f: VatFigures) {
  return {
    sales_vat: box(f.sales_vat),
    box_b_services: box(f.box_b_services),
    box_c: box(f.box_c),
    eu_sales: f.eu_sales.map((e) => ({ vat_number: e.vat_number, country: e.country, services: box(e.services) })),
  };
}

/**
 * `books/vat-return.json`: the draft VAT return of the run's booked invoices, in DKK øre and whole
 * kroner: the whole run's boxes, each VAT period's (by the day VAT became chargeable), the EU sales
 * list per month, the invoices whose VAT became chargeable on another day than their invoice date,
 * the journal's sums, and every invoice not booked with why. Øre as JSON integers of every digit.
 */
export function renderVatReturnJson(books: RunBooks, month: string): string {
  return exactJson({
    draft: true,
    month,
    // What the figures cover: a VAT period's return adds every month's run whose invoices fall in it.
    covers: 'the invoices of this month\'s run only: a VAT period that also has invoices of other months\' runs adds theirs; sales only (purchase VAT, reverse-charged purchases and box A are not here)',
    currency: 'DKK',
    vat_period: books.settings.vat_period,
    ...figures(books.vat),
    periods: books.periods.map((p) => ({ period: p.period, from: p.from, to: p.to, ...figures(p) })),
    eu_sales_by_month: books.eu_sales_by_month.map((m) => ({ month: m.month, eu_sales: figures({ ...books.vat, eu_sales: m.eu_sales }).eu_sales })),
    // Booked invoices whose VAT period (and voucher date) is not their invoice date's day.
    chargeable_other_day: books.chargeable_other_day,
    journal: {
      file: 'books/journal.csv',
      vouchers: books.vouchers.length,
      debit_ore: books.totals.debit,
      credit_ore: books.totals.credit,
      debtors_ore: books.totals.debtors,
      revenue_ore: books.totals.revenue,
      output_vat_ore: books.totals.output_vat,
    },
    accounts: books.settings.accounts,
    vat_codes: books.settings.vat_codes,
    not_booked: books.not_booked,
    invoices_not_read: books.invoices_not_read,
    kept_invoices_not_read: books.kept_invoices_not_read,
    // Not one seller's books as they stand: more than one seller, a voucher number two invoices have.
    sellers: books.sellers,
    duplicate_vouchers: books.duplicate_vouchers,
  }) + '\n';
}
