import { Decimal } from '../money/index.js';
import type { Invoice } from '../model/index.js';
import { formatMinor } from '../money/index.js';
import { fillerOf, formatNumber, formatPercent, render, type Locale } from '../locale/index.js';
import { providerName } from '../locale/index.js';
import { invoiceTemplate } from './_templates.js';
import { clean } from './_text.js';
import { lineTemplate } from './_line-template.js';
import { dateText } from './_date-text.js';
import { decideVatFor } from '../vat/index.js';
import { checkInvoiceRecord } from '../check/index.js';
import { type InvoiceCheckFinding } from '../check/findings/index.js';
import { findingTextIn } from '../check/findings/index.js';
import { invoiceCategories } from '../model/index.js';
import { fikLineText, isPaymentLine, paymentReference, showsUsdConversion } from '../check/index.js';

/** Every text the invoice shows, in one language, computed before layout. */
export interface InvoiceWords {
  title: string;
  /** The mark on every page of a void invoice (VOID) or of one the invoice check finds an error in (NOT VALID). */
  voidMark?: string;
  voidNote?: string;
  /** The invoice check's errors, one sentence each, shown first among the notes (a NOT VALID invoice's reasons). */
  problems: string[];
  /** The line that stands for the errors beyond those the page has room for. */
  moreProblems(count: number): string;
  continued: string;
  /** The record's field the continuation header's number is (`invoice_number`, a credit note's `number`). */
  continuedField: string;
  seller: HeaderField[];
  buyerHeading: string;
  /** The buyer's name first (always, bold), then its address and numbers. */
  buyer: HeaderField[];
  facts: Fact[];
  table: { description: string; quantity: string; unitPrice: string; amount: string };
  totals: Array<{ label: string; amount: string; strong?: boolean }>;
  notes: string[];
  /** The record's fields the notes and the payment terms print (named when a paragraph of theirs is too long to print). */
  closingFields: HeaderField[];
  /** Empty on a void or NOT VALID invoice, with `payment`: nothing asks for money. */
  paymentHeading: string;
  payment: string[];
  footer: string;
  page(page: number, pages: number): string;
  /** Amount in the table (no currency: the column header names it). */
  amount(minor: number): string;
  count(n: number): string;
  provider(description: string, minor: number): string;
}

/** A line of the seller's or the buyer's block: its text, and the record's field it prints (named when it cannot be printed whole). */
export interface HeaderField {
  field: string;
  text: string;
}

/** One of the invoice's facts: its label, its value, and the record's field the value prints. */
export interface Fact {
  label: string;
  value: string;
  field: string;
}

/** Each (field, text) pair cleaned, those with no text left out. */
export function headerFields(pairs: ReadonlyArray<readonly [string, string | false | null | undefined]>): HeaderField[] {
  return pairs.map(([field, text]) => ({ field, text: clean(text || '') })).filter((f) => f.text !== '');
}

const lines = (text: string): string[] => text.split('\n').map(clean).filter(Boolean);

/** Whether a charged line's text shows the USD amount it converted into the invoice's currency (`(USD 1.234,56 à 6,8512)`; a USD price is not one: check/_conversions.ts). */
function showsUsdFigure(invoice: Invoice): boolean {
  return invoice.lines.some((line) => line.kind !== 'usage_provider' && showsUsdConversion(line.description));
}

/** The invoice's text helpers that depend only on the language (and `money` on the currency too). */
interface Helpers {
  k: (key: string, params?: Record<string, unknown>) => string;
  moneyIn: (minor: number | bigint, currency: string) => string;
  amount: (minor: number) => string;
  count: (n: number) => string;
  page: (page: number, pages: number) => string;
  /** Per currency: an amount with its currency, and a provider sub-line. */
  inCurrency: (currency: string) => { money: (minor: number | bigint) => string; provider: (description: string, minor: number) => string };
}

const helpersByLocale = new WeakMap<Locale, Helpers>();

/**
 * The helpers for `locale`, made once per process and language (currency). Made per invoice, as
 * closures they were, V8 optimized each new closure again: in a month end of 1,000
 * organizations `k` alone was compiled 41 times (bench/README.md, issue 42).
 */
function helpersFor(locale: Locale): Helpers {
  let helpers = helpersByLocale.get(locale);
  if (helpers) return helpers;
  const k = (key: string, params: Record<string, unknown> = {}): string => lineTemplate(locale, `invoice.${key}`)(params);
  // Same text as formatMoney, prepared once: a long invoice shows hundreds of amounts.
  const moneyText = lineTemplate(locale, 'format.money');
  const moneyIn = (minor: number | bigint, cur: string): string => moneyText({ amount: formatMinor(minor, locale.format.number), currency: cur });
  const providerLine = lineTemplate(locale, 'invoice.table.provider');
  const byCurrency = new Map<string, ReturnType<Helpers['inCurrency']>>();
  helpers = {
    k,
    moneyIn,
    amount: (minor) => formatMinor(minor, locale.format.number),
    count: (n) => formatNumber(new Decimal(n), locale, 0),
    page: (page, pages) => k('page', { page, pages }),
    inCurrency: (currency) => {
      let one = byCurrency.get(currency);
      if (!one) {
        const money = (minor: number | bigint): string => moneyIn(minor, currency);
        one = { money, provider: (description, minor) => providerLine({ description: providerName(clean(description)), amount: money(minor) }) };
        // A record's currency is data: a bounded few kept (a month has one or two), never a list that grows.
        if (byCurrency.size < 8) byCurrency.set(currency, one);
      }
      return one;
    },
  };
  helpersByLocale.set(locale, helpers);
  return helpers;
}

export function invoiceWords(invoice: Invoice, locale: Locale, found: readonly InvoiceCheckFinding[] = []): InvoiceWords {
  const helpers = helpersFor(locale);
  const { k, moneyIn } = helpers;
  const { seller, buyer, currency } = invoice;
  const { money, provider } = helpers.inCurrency(currency);
  const isVoid = invoice.status === 'void';
  // An issued invoice the invoice check finds an error in is not valid as it stands (a wrong VAT,
  // a total that is not subtotal + VAT, …): marked NOT VALID on every page as a void one is,
  // asking for nothing, with the errors as its notes. It is cancelled by a credit note referring
  // to it (momsbekendtgørelsen § 58, stk. 2; VAT Directive art. 219) and replaced by a new one.
  // With any a caller found beyond the record (a month end's payment_id_shared), first.
  const errors = isVoid ? [] : [...found, ...checkInvoiceRecord(invoice)].filter((f) => f.severity === 'error');
  const notValid = errors.length > 0;
  // Nothing on a void or NOT VALID invoice asks for money: no due date, no payment reference, no payment block.
  const asksNothing = isVoid || notValid;
  // What the payer quotes (check/payment-reference.ts): the FI line, or the invoice number; the
  // buyer's own reference (an order number) is shown as theirs and never asked to be quoted.
  // Each is one token: never wrapped, nothing glued to its end.
  const token = (text: string): string => text.trim().replace(/\s+/g, '\u00a0');
  const pay = paymentReference(invoice);
  const fikLine = pay.fik ? token(fikLineText(pay.fik)) : undefined;
  const buyerReference = isPaymentLine(buyer.payment_reference) ? '' : token(buyer.payment_reference);
  const date = dateText(locale);

  const buyerLines = headerFields([
    ['buyer.attention', buyer.attention && k('buyer.attention', { name: buyer.attention })],
    ['buyer.address_line1', buyer.address_line1],
    ['buyer.address_line2', buyer.address_line2],
    [buyer.city.length >= buyer.postal_code.length ? 'buyer.city' : 'buyer.postal_code', [buyer.postal_code, buyer.city].filter(Boolean).join(' ')],
    ['buyer.country', buyer.country],
    ['buyer.cvr', buyer.cvr && k('buyer.cvr', { cvr: buyer.cvr })],
    ['buyer.vat', buyer.vat && k('buyer.vat', { vat: buyer.vat })],
    ['buyer.ean', buyer.ean && k('buyer.ean', { ean: buyer.ean })],
    ['buyer.email', buyer.email && k('buyer.email', { email: buyer.email })],
  ]);

  const facts: Array<[string, string, string]> = [
    [k('facts.number'), invoice.invoice_number, 'invoice_number'],
    [k('facts.issued'), date(invoice.issued_at), 'issued_at'],
    [k('facts.period'), k('facts.periodRange', { start: date(invoice.period_start), end: date(invoice.period_end) }), 'period_start'],
  ];
  // A void invoice asks for nothing (a credit note cancels it): no due date, no payment reference.
  if (!asksNothing) facts.push([k('facts.due'), date(invoice.due_at), 'due_at']);
  facts.push([k('facts.currency'), currency, 'currency']);
  if (buyerReference) facts.push([k('facts.buyerReference'), buyerReference, 'buyer.payment_reference']);
  if (fikLine && !asksNothing) facts.push([k('facts.fik'), fikLine, pay.from ?? 'seller.bank']);

  const rate = formatPercent(new Decimal(invoice.vat_rate_bps).dividedBy(100), locale, invoice.vat_rate_bps % 100 === 0 ? 0 : 2);
  // Each category is its lines (model/invoice-categories.ts): the dev overage is its own, whichever
  // of the record's subtotals holds it; checkInvoice's category_subtotal says when they disagree.
  const categories = invoiceCategories(invoice);
  const totals = [
    { label: k('totals.subscription'), amount: money(categories.subscription) },
    { label: k('totals.usage'), amount: money(categories.usage) },
    ...(categories.hasDevOverage ? [{ label: k('totals.devOverage'), amount: money(categories.devOverage) }] : []),
    { label: k('totals.subtotal'), amount: money(invoice.subtotal_cents) },
    { label: k('totals.vat', { rate }), amount: money(invoice.vat_cents) },
    // A void invoice asks for nothing: its total is not "due" and not emphasised.
    asksNothing ? { label: k('totals.totalVoid'), amount: money(invoice.total_cents) } : { label: k('totals.total'), amount: money(invoice.total_cents), strong: true },
  ];

  const vat = decideVatFor(invoice);
  const notes: string[] = [];
  const rateText = (r: Decimal): string => formatNumber(r, locale, Math.max(4, r.decimalPlaces()));
  // A rate is printed only where it explains a figure on this document (see README, Invoice PDFs).
  // The USD/DKK rate explains a figure only when a line shows a USD amount it converted ("(USD 1.234,56 à 6,8512)").
  if (currency === 'DKK' && invoice.usd_dkk_rate && showsUsdFigure(invoice)) notes.push(k('totals.rate', { rate: rateText(invoice.usd_dkk_rate) }));
  if (vat.vatInDkk) notes.push(k('totals.vatInDkk', { amount: moneyIn(vat.vatInDkk.minor, 'DKK'), rate: rateText(vat.vatInDkk.rate) }));
  if (vat.treatment === 'reverse_charge' || vat.treatment === 'outside_scope') notes.push(k(`vatNote.${vat.treatment}`));

  const due = date(invoice.due_at);
  const number = token(invoice.invoice_number);
  const payBy = !fikLine ? k('payment.payBy', { due, number }) : pay.fik!.card === '73' ? k('payment.payByFik73', { due, line: fikLine, number }) : k('payment.payByFik', { due, line: fikLine });
  const payment = asksNothing ? [] : lines(
    // Plain fields only: filled as Handlebars would without its per-call setup (fillerOf falls back to it for any other text).
    fillerOf(invoiceTemplate('payment-terms'))({
      payBy,
      bank: k('payment.bank', { bank: seller.bank }),
      questions: k('payment.questions', { email: seller.email }),
    }),
  );
  const footer = lines(
    render(invoiceTemplate('footer'), {
      seller: k('footer', { name: seller.legal_name, address: seller.address, cvr: seller.cvr }),
      email: seller.email,
    }),
  ).join(' ');

  return {
    title: k('title'),
    // What comes next for a void invoice: a credit note that refers to it (momsbekendtgørelsen § 58, stk. 2).
    ...(isVoid ? { voidMark: k('void'), voidNote: [k('voidNote'), seller.email && k('voidNoteContact', { email: seller.email }), k('voidNoteCredit')].filter(Boolean).join(' ') } : {}),
    ...(notValid ? { voidMark: k('notValid'), voidNote: k('notValidNote') } : {}),
    problems: errors.map((f) => clean(k('notValidFinding', { finding: findingTextIn(f, locale), code: f.code }))),
    moreProblems: (count) => k('notValidMore', { count }),
    continued: k('continued', { number: invoice.invoice_number }),
    continuedField: 'invoice_number',
    seller: headerFields([
      ['seller.legal_name', seller.legal_name],
      ['seller.address', seller.address],
      ['seller.cvr', k('seller.cvr', { cvr: seller.cvr })],
      ['seller.vat', k('seller.vat', { vat: seller.vat })],
      ['seller.email', seller.email],
    ]),
    buyerHeading: k('buyer.heading'),
    buyer: [{ field: 'buyer.legal_name', text: clean(buyer.legal_name) }, ...buyerLines],
    facts: facts.map(([label, value, field]) => ({ label, value: clean(value), field })),
    table: {
      description: k('table.description'),
      quantity: k('table.quantity'),
      unitPrice: k('table.unitPrice'),
      amount: k('table.amount', { currency }),
    },
    totals,
    notes,
    closingFields: headerFields([
      ['seller.bank', seller.bank],
      ['seller.email', seller.email],
      ['invoice_number', invoice.invoice_number],
      ['buyer.payment_reference', buyer.payment_reference],
    ]),
    paymentHeading: asksNothing ? '' : k('payment.heading'),
    payment,
    footer: clean(footer),
    page: helpers.page,
    amount: helpers.amount,
    count: helpers.count,
    provider,
  };
}
