import { sumMinor } from '../money/minor.js';
import type { InvoiceEntry } from './manifest.js';

/** The issued invoices of one currency (not void, not held back), summed exactly in minor units. */
export interface CurrencyTotals {
  currency: string;
  invoices: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
}

/** Whether an invoice counts in a run's totals: issued, and not held back (an error of checkInvoice makes it not valid). */
export function counted(i: InvoiceEntry): boolean {
  return i.status === 'issued' && !i.held_back;
}

/** Issued invoices summed per currency, by currency code; void and held-back ones are never counted. */
export function issuedTotals(invoices: Iterable<InvoiceEntry>): CurrencyTotals[] {
  const by = new Map<string, InvoiceEntry[]>();
  for (const i of invoices) if (counted(i)) by.set(i.currency, [...(by.get(i.currency) ?? []), i]);
  return [...by]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, list]) => ({
      currency,
      invoices: list.length,
      net_cents: sumMinor(list.map((i) => i.subtotal_cents), `${currency} subtotal_cents`),
      vat_cents: sumMinor(list.map((i) => i.vat_cents), `${currency} vat_cents`),
      total_cents: sumMinor(list.map((i) => i.total_cents), `${currency} total_cents`),
    }));
}
