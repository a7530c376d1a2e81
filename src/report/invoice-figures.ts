import { Decimal } from '../money/decimal.js';
import { UnsafeAmountError } from '../money/unsafe-amount-error.js';
import { usdDkkRateProblem } from '../money/usd-dkk-rate.js';
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
  /** How DKK was reached: 'same' (a DKK invoice), 'rate' (USD × the invoice's usd_dkk_rate), or null (no rate: EUR, or USD without a usable one). */
  dkkBasis: 'same' | 'rate' | null;
}

/** What invoiceDkk reads of an invoice: its currency, its rate, and its number for messages. */
type RatedInvoice = { currency: string; usd_dkk_rate?: Decimal | string | null | undefined; invoice_number?: string };

/** The invoice's rate as a Decimal when it can convert USD to DKK (money/usd-dkk-rate.ts), else null. */
function usableRate(invoice: RatedInvoice): Decimal | null {
  if (!invoice.usd_dkk_rate) return null;
  const rate = new Decimal(invoice.usd_dkk_rate);
  return usdDkkRateProblem(rate) === undefined ? rate : null;
}

/**
 * `minor` of `invoice`'s currency in øre, exactly at any size: the same for DKK, times the
 * invoice's own `usd_dkk_rate` (rounded half up to the øre) for USD, null when no rate converts
 * it (EUR: the API carries no EUR rate; USD without a rate, or with one no USD-to-DKK rate can be,
 * which checkInvoice reports as usd_dkk_rate_implausible). The run's totals add these.
 */
export function invoiceDkkExact(minor: number, invoice: RatedInvoice): bigint | null {
  if (invoice.currency === 'DKK') return BigInt(minor);
  const rate = invoice.currency === 'USD' ? usableRate(invoice) : null;
  return rate === null ? null : BigInt(new Decimal(minor).times(rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
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
  const n = Number(exact);
  if (Number.isSafeInteger(n)) return n;
  const who = invoice.invoice_number ? `invoice ${invoice.invoice_number}: ` : '';
  throw new UnsafeAmountError(`${who}${minor} cents × usd_dkk_rate ${new Decimal(invoice.usd_dkk_rate!).toFixed()}`, `${exact} øre`);
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
    dkkBasis: invoice.currency === 'DKK' ? 'same' : invoice.currency === 'USD' && usableRate(invoice) ? 'rate' : null,
  };
}
