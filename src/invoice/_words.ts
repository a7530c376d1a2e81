import { Decimal } from 'decimal.js';
import type { Invoice } from '../model/index.js';
import { formatMinor } from '../money/index.js';
import { formatDecimalMoney, formatNumber, formatPercent, render, type Locale } from '../locale/index.js';
import { invoiceTemplate } from './_templates.js';
import { clean } from './_text.js';
import { lineTemplate } from './_line-template.js';
import { dateText } from './_date-text.js';
import { decideVatFor } from './vat/index.js';

/** Every text the invoice shows, in one language, computed before layout. */
export interface InvoiceWords {
  title: string;
  voidMark?: string;
  voidNote?: string;
  continued: string;
  seller: string[];
  buyerHeading: string;
  buyer: string[];
  facts: Array<[string, string]>;
  table: { description: string; quantity: string; unitPrice: string; amount: string };
  totals: Array<{ label: string; amount: string; strong?: boolean }>;
  notes: string[];
  paymentHeading: string;
  payment: string[];
  footer: string;
  page(page: number, pages: number): string;
  /** Amount in the table (no currency: the column header names it). */
  amount(minor: number): string;
  count(n: number): string;
  provider(description: string, minor: number): string;
}

const lines = (text: string): string[] => text.split('\n').map(clean).filter(Boolean);

/** VAT in DKK for an invoice in another currency, when the invoice's rate converts it (see README Assumptions). */
export function vatInDkk(invoice: Invoice): Decimal | undefined {
  if (invoice.currency === 'DKK' || !invoice.usd_dkk_rate) return undefined;
  const vat = new Decimal(invoice.vat_cents).dividedBy(100);
  if (invoice.currency === 'USD') return vat.times(invoice.usd_dkk_rate);
  return invoice.vat_cents === 0 ? vat : undefined;
}

export function invoiceWords(invoice: Invoice, locale: Locale): InvoiceWords {
  const k = (key: string, params: Record<string, unknown> = {}): string => lineTemplate(locale, `invoice.${key}`)(params);
  const { seller, buyer, currency } = invoice;
  // Same text as formatMoney, prepared once: a long invoice shows hundreds of amounts.
  const moneyText = lineTemplate(locale, 'format.money');
  const money = (minor: number): string => moneyText({ amount: formatMinor(minor, locale.format.number), currency });
  const date = dateText(locale);

  const buyerLines = [
    buyer.attention && k('buyer.attention', { name: buyer.attention }),
    buyer.address_line1,
    buyer.address_line2,
    [buyer.postal_code, buyer.city].filter(Boolean).join(' '),
    buyer.country,
    buyer.cvr && k('buyer.cvr', { cvr: buyer.cvr }),
    buyer.vat && k('buyer.vat', { vat: buyer.vat }),
    buyer.ean && k('buyer.ean', { ean: buyer.ean }),
    buyer.email ? k('buyer.email', { email: buyer.email }) : '',
  ].map((s) => clean(s || '')).filter(Boolean);

  const facts: Array<[string, string]> = [
    [k('facts.number'), invoice.invoice_number],
    [k('facts.issued'), date(invoice.issued_at)],
    [k('facts.period'), k('facts.periodRange', { start: date(invoice.period_start), end: date(invoice.period_end) })],
    [k('facts.due'), date(invoice.due_at)],
    [k('facts.currency'), currency],
  ];
  if (buyer.payment_reference) facts.push([k('facts.reference'), buyer.payment_reference]);

  const rate = formatPercent(new Decimal(invoice.vat_rate_bps).dividedBy(100), locale, invoice.vat_rate_bps % 100 === 0 ? 0 : 2);
  const totals = [
    { label: k('totals.subscription'), amount: money(invoice.subscription_subtotal_cents) },
    { label: k('totals.usage'), amount: money(invoice.usage_subtotal_cents) },
    { label: k('totals.subtotal'), amount: money(invoice.subtotal_cents) },
    { label: k('totals.vat', { rate }), amount: money(invoice.vat_cents) },
    { label: k('totals.total'), amount: money(invoice.total_cents), strong: true },
  ];

  const notes: string[] = [];
  if (invoice.usd_dkk_rate) notes.push(k('totals.rate', { rate: formatNumber(invoice.usd_dkk_rate, locale, Math.max(4, invoice.usd_dkk_rate.decimalPlaces())) }));
  const dkkVat = vatInDkk(invoice);
  if (dkkVat) notes.push(k('totals.vatInDkk', { amount: formatDecimalMoney(dkkVat, 'DKK', locale) }));
  const { treatment } = decideVatFor(invoice);
  if (treatment === 'reverse_charge' || treatment === 'outside_scope') notes.push(k(`vatNote.${treatment}`));

  const providerLine = lineTemplate(locale, 'invoice.table.provider');
  const due = date(invoice.due_at);
  const payment = lines(
    render(invoiceTemplate('payment-terms'), {
      reference: buyer.payment_reference,
      payBy: k('payment.payBy', { due, reference: buyer.payment_reference }),
      payByNoReference: k('payment.payByNoReference', { due }),
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
    ...(invoice.status === 'void' ? { voidMark: k('void'), voidNote: k('voidNote') } : {}),
    continued: k('continued', { number: invoice.invoice_number }),
    seller: [seller.legal_name, seller.address, k('seller.cvr', { cvr: seller.cvr }), k('seller.vat', { vat: seller.vat }), seller.email].map(clean).filter(Boolean),
    buyerHeading: k('buyer.heading'),
    buyer: [clean(buyer.legal_name), ...buyerLines],
    facts: facts.map(([a, b]) => [a, clean(b)]),
    table: {
      description: k('table.description'),
      quantity: k('table.quantity'),
      unitPrice: k('table.unitPrice'),
      amount: k('table.amount', { currency }),
    },
    totals,
    notes,
    paymentHeading: k('payment.heading'),
    payment,
    footer: clean(footer),
    page: (page, pages) => k('page', { page, pages }),
    amount: (minor) => formatMinor(minor, locale.format.number),
    count: (n) => formatNumber(new Decimal(n), locale, 0),
    provider: (description, minor) => providerLine({ description: clean(description), amount: money(minor) }),
  };
}
