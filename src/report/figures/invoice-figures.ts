import { Decimal } from '../../money/index.js';
import type { ExchangeRates } from '../../money/index.js';
import { invoiceCategories, type ChargeKind, type Invoice } from '../../model/index.js';
import { dkkAtRate, dkkConversion, invoiceDkkAmounts, safeOre, splitDkk, toDkkMinor, usableUsdRate, type DkkConversion } from '../../vat/index.js';

/** An amount in the invoice's currency and, where a rate exists, in DKK (øre). */
export interface Amount {
  minor: number;
  dkkMinor: number | null;
}

/**
 * What the workbook reads of one invoice, in its own currency (minor units) and in DKK: the
 * subtotals from the record's fields, the line sums by kind (to check them against), VAT and
 * gross. These are the record's own figures; the VAT treatment behind them is the invoice's.
 */
export interface InvoiceFigures {
  invoice: Invoice;
  /** Sum of the `subscription` lines: the plan (model/invoice-categories.ts, as every surface shows it). */
  subscriptionLines: Amount;
  /** Sum of the `usage` lines (model usage, without dev overage). */
  usageLines: Amount;
  /** Sum of the `dev_overage` lines (the same amount as its entry in `charges`). */
  devOverage: Amount;
  /**
   * Every kind of line charged on its own, summed and then converted once (as `devOverage` is):
   * the dev overage, the one kind of line (spec §2, InvoiceLineKind) besides usage, its provider
   * split (not charged) and the subscription lines (the plan). Empty without dev overage lines.
   */
  charges: ReadonlyArray<{ kind: ChargeKind; amount: Amount }>;
  /** `subtotal_cents`: the net, excl. VAT. */
  net: Amount;
  vat: Amount;
  /** `total_cents`: the gross, incl. VAT. */
  gross: Amount;
  /** How DKK was reached: 'same' (a DKK invoice), 'rate' (at a rate: the invoice's usd_dkk_rate or a rates file's), or null (no rate). */
  dkkBasis: 'same' | 'rate' | null;
  /** The conversion itself: which rate, its source and date, or why there is none (vat/dkk-conversion.ts). */
  conversion: DkkConversion;
}

/** What invoiceDkk reads of an invoice: its currency, its rate, and its number for messages. */
type RatedInvoice = { currency: string; usd_dkk_rate?: Decimal | string | null | undefined; invoice_number?: string };

/**
 * `minor` of a manifest entry's currency in øre by the record's rates alone, exactly at any size:
 * the same for DKK, times the invoice's own `usd_dkk_rate` (rounded half up to the øre) for USD,
 * null otherwise (EUR without a rates file; USD without a rate, or with one no USD-to-DKK rate can
 * be, which checkInvoice reports as usd_dkk_rate_implausible). For an entry of a manifest written
 * before entries carried their DKK (`dkk`); an invoice record is converted by invoiceFigures
 * (vat/dkk-conversion.ts, the same rounding and the same rule for the rate), which also takes a
 * rates file.
 */
export function invoiceDkkExact(minor: number, invoice: RatedInvoice): bigint | null {
  if (invoice.currency === 'DKK') return BigInt(minor);
  const rate = invoice.currency === 'USD' ? usableUsdRate(invoice.usd_dkk_rate) : undefined;
  return rate ? dkkAtRate(minor, rate) : null;
}

/**
 * invoiceDkkExact as a number of øre, for a document's cell or line. The same rule the invoice
 * PDF uses for its VAT in DKK.
 * @throws UnsafeAmountError naming the invoice and its fields when the øre are past 2^53 − 1,
 * where no document can state them exactly: that organization's document fails, not the run
 */
export function invoiceDkk(minor: number, invoice: RatedInvoice): number | null {
  const exact = invoiceDkkExact(minor, invoice);
  if (exact === null) return null;
  const who = invoice.invoice_number ? `invoice ${invoice.invoice_number}: ` : '';
  return safeOre(exact, `${who}${minor} cents × usd_dkk_rate ${new Decimal(invoice.usd_dkk_rate!).toFixed()}`);
}

/**
 * The figures of `invoice`, each category its lines (model/invoice-categories.ts), in DKK by the
 * invoice's conversion (its own rate, or `rates`, a rates file the user gave).
 */
export function invoiceFigures(invoice: Invoice, rates?: ExchangeRates): InvoiceFigures {
  const conversion = dkkConversion(invoice, rates);
  const amount = (minor: number | bigint): Amount => ({ minor: Number(minor), dkkMinor: toDkkMinor(Number(minor), conversion, invoice.invoice_number) });
  const c = invoiceCategories(invoice);
  // Net, VAT and total in DKK, and the net over the categories, by the one rule the journal posts
  // them by (vat/dkk-conversion.ts): the categories add up to the net and the net and VAT to the
  // total, to the øre. Categories that are not the net (a record checkInvoice holds back) are each
  // converted on their own.
  const dkk = invoiceDkkAmounts(invoice, conversion);
  const split = dkk && c.subscription + c.usage + c.devOverage === BigInt(invoice.subtotal_cents) ? splitDkk(dkk.net, [c.subscription, c.usage, c.devOverage], (m) => toDkkMinor(m, conversion, invoice.invoice_number) ?? 0) : null;
  const part = (minor: bigint, k: number): Amount => (split ? { minor: Number(minor), dkkMinor: split[k]! } : amount(minor));
  const devOverage = part(c.devOverage, 2);
  return {
    invoice,
    subscriptionLines: part(c.subscription, 0),
    usageLines: part(c.usage, 1),
    devOverage,
    charges: c.hasDevOverage ? [{ kind: 'dev_overage', amount: devOverage }] : [],
    net: { minor: invoice.subtotal_cents, dkkMinor: dkk?.net ?? null },
    vat: { minor: invoice.vat_cents, dkkMinor: dkk?.vat ?? null },
    gross: { minor: invoice.total_cents, dkkMinor: dkk?.total ?? null },
    dkkBasis: conversion.kind === 'dkk' ? 'same' : conversion.kind === 'missing' ? null : 'rate',
    conversion,
  };
}
