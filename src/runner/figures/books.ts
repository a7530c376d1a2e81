import { chargeableEventOf, dkkAtRate, splitDkk, type ChargeableEvent, type DkkRateFacts } from '../../vat/index.js';
import { compareText } from '../../core/index.js';
import type { BooksSettings } from '../config/books-config.js';
import type { InvoiceEntry, JournalChanges, Manifest, OrgOutcome } from '../manifest/manifest.js';
import type { RunFigures } from './run-figures.js';
import { vatPeriodOf, type VatPeriod } from './_vat-period.js';
import { invoicesRead } from './_invoices-read.js';

export type { VatPeriod } from './_vat-period.js';

// The run's books: a voucher per booked invoice (debtor, revenue per category, output VAT) and
// the draft VAT return's boxes, made once from the organizations' outcomes (each invoice's own
// figures, its DKK at the run's rate, and its booking facts: date, VAT treatment, buyer,
// categories) beside the run's figures. journal.csv, vat-return.json, summary.md and index.html
// all read this; none adds up on its own. Øre as BigInt throughout, exact at any size.
// An invoice's VAT period, its EU sales list month and its voucher's date are the day its VAT
// became chargeable, by the one rule (vat/dkk-conversion.ts chargeableEventOf) on the one VAT
// decision's treatment: the invoice date, or for an EU reverse-charge service the last day of the
// period billed.

/** One posting: debit positive, credit negative, in øre; `amount_currency` in the invoice's minor units. */
export interface JournalLine {
  /** The day the invoice's VAT became chargeable (its VAT period's day): the invoice date, or the period's last day (reverse charge). */
  date: string;
  /** On the debtor's line, when `date` is not the invoice date: the invoice date, which its text then names. */
  invoice_date?: string;
  /** The voucher (bilag): the invoice's number in the seller's series. */
  voucher: string;
  account: string;
  /** What the line is: the debtor, revenue of a category, or the output VAT. */
  kind: 'debtor' | 'revenue' | 'output_vat';
  category?: 'subscription' | 'usage' | 'dev_overage';
  buyer_name: string;
  org_id: string;
  amount_dkk: bigint;
  /** The VAT code of a revenue or VAT line ('' on the debtor's). */
  vat_code: string;
  currency: string;
  amount_currency: bigint;
  /** On the debtor's line of an invoice not in DKK: the rate it was posted at, its source and day (the run's, InvoiceEntry.dkk). */
  rate?: DkkRateFacts;
}

/** One voucher: an invoice, its postings balancing to 0 øre. */
export interface Voucher {
  voucher: string;
  /** The day its VAT became chargeable (see JournalLine.date). */
  date: string;
  org_id: string;
  lines: JournalLine[];
}

/** One box of the VAT return: øre, the whole kroner the form takes, and the invoices behind it. */
export interface VatBox {
  /** Øre; null when an invoice that belongs here has no rate to DKK (`missing_rate`): never guessed. */
  ore: bigint | null;
  /** Whole kroner, øre disregarded (momsloven § 57, stk. 1); null with `ore`. */
  kroner: bigint | null;
  /** The øre of the invoices that do convert (what `ore` would leave out). */
  converted_ore: bigint;
  /** The invoices whose figures it adds, by number. */
  invoices: string[];
  /** Invoices that belong here but have no rate to DKK. */
  missing_rate: string[];
}

/** One buyer of the EU sales list: its VAT number and its services in DKK. */
export interface EuSale {
  vat_number: string;
  country: string | null;
  services: VatBox;
}

/** The boxes of one VAT period (or of the whole run). */
export interface VatFigures {
  /** Salgsmoms: the Danish VAT charged, in DKK. */
  sales_vat: VatBox;
  /** Rubrik B – ydelser: services to business buyers in other EU member states (reverse charge), net. */
  box_b_services: VatBox;
  /** Rubrik C: other supplies without Danish VAT (here: services to business buyers outside the EU), net. */
  box_c: VatBox;
  /** EU-salg uden moms: rubrik B's services per buyer VAT number. */
  eu_sales: EuSale[];
}

/**
 * A booked invoice whose VAT became chargeable on another day than its invoice date (an EU
 * reverse-charge service, chargeable at the end of the period billed), said on every surface: its
 * voucher, VAT period and EU sales list month go by `chargeable_date`, not by `invoice_date`.
 */
export interface ChargeableOtherDay {
  org_id: string;
  invoice_number: string;
  invoice_date: string;
  chargeable_date: string;
  rule: ChargeableEvent['rule'];
  /** The VAT period of `chargeable_date`, where the invoice's figures are. */
  period: string;
  /** Set when the invoice date lies in another VAT period: the one the invoice is not in. */
  invoice_date_period?: string;
}

/** Why an invoice of the run is not in the books. */
export interface NotBooked {
  org_id: string;
  invoice_number: string;
  reason: 'void' | 'held_back' | 'no_rate' | 'vat_undetermined' | 'not_recorded' | 'figures_failed';
  currency: string;
  total_cents: number;
  /** The credit note that cancels it (void and held back), when the run made it: not booked either. */
  credit_note?: string;
  /**
   * With `credit_note`: the VAT period of its issue date when that is not the invoice's. Then the
   * two do not cancel out in one return: the invoice's VAT falls in its own period, the credit
   * note's reversal in this one.
   */
  credit_note_period?: string;
  /**
   * A void or held-back invoice whose credit note is not made yet: the VAT it states is owed as it
   * stands until the credit note is issued (momsloven § 46, stk. 6; VAT Directive art. 203).
   */
  credit_note_to_make?: true;
  /**
   * With `credit_note_to_make` or `credit_note_period`: the VAT the invoice states, in its currency
   * (the record's `vat_cents`), which is in no box of the return, and in DKK where known (a DKK
   * invoice's own; another's as converted for the books), null where no rate states it; and
   * `vat_period`, the invoice's own VAT period, where it belongs unless a credit note dated in that
   * period cancels it (momsloven § 46, stk. 6: owed as stated until the credit note is issued; a
   * later credit note's reversal falls in its own period).
   */
  vat_cents?: number;
  vat_dkk_cents?: number | null;
  vat_period?: string;
}

export interface RunBooks {
  settings: BooksSettings;
  /** How the journal differs from the one the last run of this month wrote (the manifest's `journal_changes`). */
  journal_changes?: JournalChanges;
  /** Why the journal was not compared with the last run's (the manifest's `journal_not_compared`). */
  journal_not_compared?: NonNullable<Manifest['journal_not_compared']>;
  vouchers: Voucher[];
  /** Sums of the journal in øre: debit (the debtors) and credit (revenue and VAT, negative) foot to 0. */
  totals: { debit: bigint; credit: bigint; debtors: bigint; revenue: bigint; output_vat: bigint };
  /** The boxes of every booked invoice of the run. */
  vat: VatFigures;
  /** The boxes per VAT period the invoices fall in by the day their VAT became chargeable, oldest first. */
  periods: Array<VatPeriod & VatFigures>;
  /** The EU sales list per calendar month in which the VAT became chargeable (EU-salg uden moms is filed per month; VAT Directive art. 264(2)). */
  eu_sales_by_month: Array<{ month: string; eu_sales: EuSale[] }>;
  /** Booked invoices whose VAT became chargeable on another day than their invoice date, by voucher date. */
  chargeable_other_day: ChargeableOtherDay[];
  not_booked: NotBooked[];
  /**
   * Organizations whose invoices this run could not read (skipped, failed or not run, none
   * listed): their invoices are in no box, so a return drafted from these figures lacks them.
   */
  invoices_not_read: string[];
  /**
   * Invoices an earlier run of the month made (their files kept) that this run did not read again
   * (OrgOutcome.invoices_not_read): by number, for their organizations are named above.
   */
  kept_invoices_not_read: Array<{ org_id: string; invoice_number: string }>;
  /**
   * Voucher numbers more than one booked invoice has (two organizations' invoices with one number):
   * a voucher number must name one voucher, so the journal cannot be imported as it is.
   */
  duplicate_vouchers: Array<{ voucher: string; org_ids: string[] }>;
  /**
   * The sellers' VAT numbers of the booked invoices, when there is more than one: each seller
   * files its own VAT return (momsloven § 57, stk. 1), and these figures add theirs together.
   */
  sellers: string[];
}

const emptyBox = (): VatBox => ({ ore: 0n, kroner: 0n, converted_ore: 0n, invoices: [], missing_rate: [] });
// Each set of figures' EU sales by buyer VAT number, while they are added up (sorted by number at the end).
const buyers = new WeakMap<VatFigures, Map<string, EuSale>>();
const emptyFigures = (): VatFigures => {
  const f: VatFigures = { sales_vat: emptyBox(), box_b_services: emptyBox(), box_c: emptyBox(), eu_sales: [] };
  buyers.set(f, new Map());
  return f;
};
const byVatNumber = <T extends VatFigures>(f: T): T => {
  f.eu_sales.sort((x, y) => (x.vat_number < y.vat_number ? -1 : x.vat_number > y.vat_number ? 1 : 0));
  return f;
};

/** Adds an invoice's øre (null: no rate) to a box. */
function addTo(box: VatBox, number: string, ore: bigint | null): void {
  if (ore === null) {
    box.missing_rate.push(number);
    box.ore = null;
    box.kroner = null;
    return;
  }
  box.invoices.push(number);
  box.converted_ore += ore;
  if (box.ore !== null) {
    box.ore += ore;
    // Whole kroner, the øre disregarded (momsloven § 57, stk. 1): BigInt division drops them.
    box.kroner = box.ore / 100n;
  }
}

/** An entry's DKK total and VAT in øre, or null without a rate. */
function dkkOf(i: InvoiceEntry): { total: bigint; vat: bigint } | null {
  if (i.currency === 'DKK') return { total: BigInt(i.total_cents), vat: BigInt(i.vat_cents) };
  if (!i.dkk || i.dkk.total_cents === null || i.dkk.vat_cents === null) return null;
  return { total: BigInt(i.dkk.total_cents), vat: BigInt(i.dkk.vat_cents) };
}

/** The voucher of a booked invoice: debit the debtor with the total, credit revenue per category and the VAT. */
function voucherOf(o: OrgOutcome, i: InvoiceEntry, dkk: { total: bigint; vat: bigint }, s: BooksSettings, event: ChargeableEvent): Voucher {
  const b = i.booking!;
  const code = b.treatment === 'reverse_charge' ? s.vat_codes.eu_services : b.treatment === 'outside_scope' ? s.vat_codes.outside_eu : s.vat_codes.domestic;
  const revenueAccount = b.treatment === 'reverse_charge' ? s.accounts.revenue_eu_services : b.treatment === 'outside_scope' ? s.accounts.revenue_outside_eu : s.accounts.revenue_domestic;
  const base = { date: event.date, voucher: i.invoice_number, buyer_name: b.buyer_name, org_id: o.org_id, currency: i.currency };
  const lines: JournalLine[] = [{
    ...base, ...(event.date !== b.invoice_date ? { invoice_date: b.invoice_date } : {}),
    account: s.accounts.debtors, kind: 'debtor', amount_dkk: dkk.total, vat_code: '', amount_currency: BigInt(i.total_cents), ...(i.dkk ? { rate: i.dkk } : {}),
  }];
  // A record whose lines are not its net (checkInvoice holds it back) never gets here; one net line is the guard.
  const categories = b.categories.reduce((a, c) => a + BigInt(c.cents), 0n) === BigInt(i.subtotal_cents) && b.categories.length
    ? b.categories
    : [{ category: undefined, cents: i.subtotal_cents }];
  // Revenue in DKK is the total less the VAT, both as converted, so the voucher balances to the øre,
  // split over the categories by the one rule the cost figures read too (vat/dkk-conversion.ts splitDkk).
  // Categories that cancel out (a charge and its credit) are each converted at the invoice's rate.
  const rate = i.dkk;
  const convert = (m: number) => (i.currency === 'DKK' || !rate?.dkk ? m : Number(dkkAtRate(m, rate.dkk, rate.per ?? '1')));
  const revenue = splitDkk(Number(dkk.total - dkk.vat), categories.map((c) => c.cents), convert).map(BigInt);
  categories.forEach((c, k) => {
    lines.push({ ...base, account: revenueAccount, kind: 'revenue', ...(c.category ? { category: c.category } : {}), amount_dkk: -revenue[k]!, vat_code: code, amount_currency: -BigInt(c.cents) });
  });
  if (i.vat_cents !== 0 || dkk.vat !== 0n) {
    lines.push({ ...base, account: s.accounts.output_vat, kind: 'output_vat', amount_dkk: -dkk.vat, vat_code: code, amount_currency: -BigInt(i.vat_cents) });
  }
  return { voucher: i.invoice_number, date: event.date, org_id: o.org_id, lines };
}

/** Adds an invoice to the boxes it belongs to. */
function addToBoxes(f: VatFigures, i: InvoiceEntry, dkk: { total: bigint; vat: bigint } | null): void {
  const b = i.booking!;
  const number = i.invoice_number;
  const net = dkk === null ? null : dkk.total - dkk.vat;
  if (b.treatment === 'standard') addTo(f.sales_vat, number, dkk === null ? null : dkk.vat);
  else if (b.treatment === 'outside_scope') addTo(f.box_c, number, net);
  else if (b.treatment === 'reverse_charge') {
    addTo(f.box_b_services, number, net);
    const vatNumber = b.buyer_vat ?? '';
    let sale = buyers.get(f)!.get(vatNumber);
    if (!sale) {
      sale = { vat_number: vatNumber, country: b.buyer_country ?? null, services: emptyBox() };
      buyers.get(f)!.set(vatNumber, sale);
      f.eu_sales.push(sale);
    }
    addTo(sale.services, number, net);
  }
}

/** By day, then by number: the journal's order. */
const byDayThenNumber = (dayA: string, numberA: string, dayB: string, numberB: string) => compareText(dayA, dayB) || compareText(numberA, numberB);

/** The day an entry's VAT became chargeable, by the one rule on its recorded VAT treatment (undefined without booking facts). */
function chargeableOf(i: InvoiceEntry): ChargeableEvent | undefined {
  return i.booking ? chargeableEventOf(i.booking.treatment, { invoiceDate: i.booking.invoice_date, periodEnd: i.period_end }) : undefined;
}

/** Why an invoice is not booked, or undefined when it is. */
function notBookedReason(i: InvoiceEntry): NotBooked['reason'] | undefined {
  if (i.status === 'void') return 'void';
  if (i.held_back) return 'held_back';
  if (!i.booking) return 'not_recorded';
  if (i.booking.treatment === 'undetermined') return 'vat_undetermined';
  return undefined;
}

/**
 * The run's books from its organizations' outcomes: a voucher per issued invoice that is not held
 * back, has a rate to DKK and a VAT treatment; the VAT return's boxes per period; and each invoice
 * not booked, with why. `figures` is the run's one model: an organization whose figures failed is
 * booked nowhere.
 */
export function runBooks(organizations: readonly OrgOutcome[], settings: BooksSettings, figures: RunFigures): RunBooks {
  const vouchers: Voucher[] = [];
  const notBooked: NotBooked[] = [];
  const vat = emptyFigures();
  const periods = new Map<string, VatPeriod & VatFigures>();
  const months = new Map<string, VatFigures>();
  const otherDay: ChargeableOtherDay[] = [];
  organizations.forEach((o, k) => {
    const failed = figures.organizations[k]?.problem !== undefined;
    for (const i of o.invoices) {
      const reason = failed ? 'figures_failed' : notBookedReason(i);
      const dkk = reason ? null : dkkOf(i);
      if (reason || dkk === null) notBooked.push(notBookedEntry(o, i, reason ?? 'no_rate', settings));
      // An invoice with no rate is in no journal, but its boxes say that it is missing.
      if (reason) continue;
      const event = chargeableOf(i)!;
      const date = event.date;
      const p = vatPeriodOf(date, settings.vat_period);
      let inPeriod = periods.get(p.period);
      if (!inPeriod) {
        const f = emptyFigures();
        // The period's figures are the object its buyers are kept under: the period's name and days are added to it.
        inPeriod = Object.assign(f, p);
        periods.set(p.period, inPeriod);
      }
      const month = months.get(date.slice(0, 7)) ?? emptyFigures();
      months.set(date.slice(0, 7), month);
      for (const f of [vat, inPeriod, month]) addToBoxes(f, i, dkk);
      if (dkk) vouchers.push(voucherOf(o, i, dkk, settings, event));
      const invoiceDate = i.booking!.invoice_date;
      if (date !== invoiceDate) {
        const own = vatPeriodOf(invoiceDate, settings.vat_period).period;
        otherDay.push({
          org_id: o.org_id, invoice_number: i.invoice_number, invoice_date: invoiceDate, chargeable_date: date, rule: event.rule, period: p.period,
          ...(own !== p.period ? { invoice_date_period: own } : {}),
        });
      }
    }
  });
  vouchers.sort((a, b) => byDayThenNumber(a.date, a.voucher, b.date, b.voucher));
  const lines = vouchers.flatMap((v) => v.lines);
  const sum = (p: (l: JournalLine) => boolean) => lines.filter(p).reduce((a, l) => a + l.amount_dkk, 0n);
  const byKey = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => compareText(a, b));
  return {
    settings,
    vouchers,
    totals: {
      debit: sum((l) => l.amount_dkk > 0n), credit: sum((l) => l.amount_dkk < 0n),
      debtors: sum((l) => l.kind === 'debtor'), revenue: sum((l) => l.kind === 'revenue'), output_vat: sum((l) => l.kind === 'output_vat'),
    },
    vat: byVatNumber(vat),
    periods: byKey(periods).map(([, f]) => byVatNumber(f)),
    eu_sales_by_month: byKey(months).filter(([, f]) => f.eu_sales.length).map(([month, f]) => ({ month, eu_sales: byVatNumber(f).eu_sales })),
    chargeable_other_day: otherDay.sort((a, b) => byDayThenNumber(a.chargeable_date, a.invoice_number, b.chargeable_date, b.invoice_number)),
    not_booked: notBooked,
    // As the pages count an organization's invoices known: its invoices part done, or some listed.
    // An earlier run's invoice not read again names its organization though others were read.
    invoices_not_read: organizations.filter((o) => (o.invoices.length === 0 && !invoicesRead(o)) || o.invoices_not_read?.length).map((o) => o.org_id),
    kept_invoices_not_read: organizations.flatMap((o) => (o.invoices_not_read ?? []).map((i) => ({ org_id: o.org_id, invoice_number: i.invoice_number }))),
    ...oneSellerOneNumber(vouchers, organizations),
  };
}

/** What makes the books more than one seller's, or a voucher number name two vouchers (RunBooks' duplicate_vouchers, sellers). */
function oneSellerOneNumber(vouchers: readonly Voucher[], organizations: readonly OrgOutcome[]): Pick<RunBooks, 'duplicate_vouchers' | 'sellers'> {
  const byNumber = new Map<string, string[]>();
  for (const v of vouchers) byNumber.set(v.voucher, [...(byNumber.get(v.voucher) ?? []), v.org_id]);
  const booked = new Set(vouchers.map((v) => `${v.org_id}\0${v.voucher}`));
  const sellers = new Set<string>();
  for (const o of organizations) {
    for (const i of o.invoices) if (i.booking?.seller_vat && booked.has(`${o.org_id}\0${i.invoice_number}`)) sellers.add(i.booking.seller_vat);
  }
  return {
    duplicate_vouchers: [...byNumber].filter(([, orgs]) => orgs.length > 1).map(([voucher, org_ids]) => ({ voucher, org_ids })),
    sellers: sellers.size > 1 ? [...sellers].sort() : [],
  };
}

/**
 * An invoice not booked, with its credit note: made (and in which VAT period), or still to make (a
 * manifest of an earlier version says nothing of it: then neither).
 */
function notBookedEntry(o: OrgOutcome, i: InvoiceEntry, reason: NotBooked['reason'], settings: BooksSettings): NotBooked {
  const entry: NotBooked = { org_id: o.org_id, invoice_number: i.invoice_number, reason, currency: i.currency, total_cents: i.total_cents };
  const note = i.credit_note;
  // The invoice's VAT period is that of the day its VAT became chargeable; the credit note's, its own date's.
  const invoiceDay = chargeableOf(i)?.date;
  const invoicePeriod = invoiceDay ? vatPeriodOf(invoiceDay, settings.vat_period).period : undefined;
  // The VAT at stake where the return does not cancel it out: stated, with the period it belongs to.
  const atStake = (): void => {
    entry.vat_cents = i.vat_cents;
    entry.vat_dkk_cents = i.currency === 'DKK' ? i.vat_cents : (i.dkk?.vat_cents ?? null);
    if (invoicePeriod) entry.vat_period = invoicePeriod;
  };
  if (note?.status === 'made' && note.number) {
    entry.credit_note = note.number;
    if (note.issue_date && invoicePeriod) {
      const own = vatPeriodOf(note.issue_date, settings.vat_period).period;
      if (own !== invoicePeriod) {
        entry.credit_note_period = own;
        atStake();
      }
    }
  } else if (note && (reason === 'void' || reason === 'held_back')) {
    entry.credit_note_to_make = true;
    atStake();
  }
  return entry;
}
