import { Decimal } from '../money/decimal.js';
import type { Invoice } from '../model/index.js';

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
  /** `subscription_subtotal_cents`. */
  subscription: Amount;
  /** Sum of the `subscription` lines. */
  subscriptionLines: Amount;
  /** Sum of the `usage` lines (model usage, without dev overage). */
  usageLines: Amount;
  /** Sum of the `dev_overage` lines (the same amount as its entry in `charges`). */
  devOverage: Amount;
  /**
   * Every kind of line charged on its own, summed per kind and then converted once (as `devOverage`
   * is): dev overage today, and any kind a record brings later; in the order the lines first list
   * them. Usage comes from monthly-usage, its provider split is not charged (spec §2,
   * InvoiceLine), and subscription lines are the plan, so those three are not charges.
   */
  charges: ReadonlyArray<{ kind: string; amount: Amount }>;
  /** `subtotal_cents`: the net, excl. VAT. */
  net: Amount;
  vat: Amount;
  /** `total_cents`: the gross, incl. VAT. */
  gross: Amount;
  /** How DKK was reached: 'same' (a DKK invoice), 'rate' (USD × the invoice's usd_dkk_rate), or null (no rate: EUR, or USD without one). */
  dkkBasis: 'same' | 'rate' | null;
}

/**
 * `minor` of `invoice`'s currency in øre: the same for DKK, times the invoice's own
 * `usd_dkk_rate` (rounded half up to the øre) for USD, null when no rate converts it (EUR: the
 * API carries no EUR rate). The same rule the invoice PDF uses for its VAT in DKK.
 */
export function invoiceDkk(minor: number, invoice: { currency: string; usd_dkk_rate?: Decimal | string | null | undefined }): number | null {
  if (invoice.currency === 'DKK') return minor;
  if (invoice.currency === 'USD' && invoice.usd_dkk_rate) return new Decimal(minor).times(invoice.usd_dkk_rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  return null;
}

const NOT_A_CHARGE: ReadonlySet<string> = new Set(['usage', 'usage_provider', 'subscription']);

const sumOf = (invoice: Invoice, kind: string) => invoice.lines.reduce((a, l) => (l.kind === kind ? a + l.line_total_cents : a), 0);

/** The figures of `invoice`. */
export function invoiceFigures(invoice: Invoice): InvoiceFigures {
  const amount = (minor: number): Amount => ({ minor, dkkMinor: invoiceDkk(minor, invoice) });
  return {
    invoice,
    subscription: amount(invoice.subscription_subtotal_cents),
    subscriptionLines: amount(sumOf(invoice, 'subscription')),
    usageLines: amount(sumOf(invoice, 'usage')),
    devOverage: amount(sumOf(invoice, 'dev_overage')),
    charges: [...new Set(invoice.lines.map((l) => l.kind).filter((k) => !NOT_A_CHARGE.has(k)))].map((kind) => ({ kind, amount: amount(sumOf(invoice, kind)) })),
    net: amount(invoice.subtotal_cents),
    vat: amount(invoice.vat_cents),
    gross: amount(invoice.total_cents),
    dkkBasis: invoice.currency === 'DKK' ? 'same' : invoice.currency === 'USD' && invoice.usd_dkk_rate ? 'rate' : null,
  };
}
