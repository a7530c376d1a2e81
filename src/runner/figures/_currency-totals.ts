import type { InvoiceEntry } from '../manifest/manifest.js';

/** The issued invoices of one currency (not void, not held back), summed exactly in minor units (BigInt: exact at any size). */
export interface CurrencyTotals {
  currency: string;
  invoices: number;
  net_cents: bigint;
  vat_cents: bigint;
  total_cents: bigint;
}

const byCode = <T extends { currency: string }>(a: T, b: T) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);

/** Whether an invoice counts in a run's totals: issued, and not held back (an error of checkInvoice makes it not valid). */
export function counted(i: InvoiceEntry): boolean {
  return i.status === 'issued' && !i.held_back;
}

/** Issued invoices summed per currency, by currency code; void and held-back ones are never counted. */
export function issuedTotals(invoices: Iterable<InvoiceEntry>): CurrencyTotals[] {
  const by = new Map<string, CurrencyTotals>();
  for (const i of invoices) {
    if (!counted(i)) continue;
    const t = by.get(i.currency) ?? { currency: i.currency, invoices: 0, net_cents: 0n, vat_cents: 0n, total_cents: 0n };
    // BigInt() of a figure that is no whole number throws (RangeError): that organization's figures fail, not the run.
    by.set(i.currency, { ...t, invoices: t.invoices + 1, net_cents: t.net_cents + BigInt(i.subtotal_cents), vat_cents: t.vat_cents + BigInt(i.vat_cents), total_cents: t.total_cents + BigInt(i.total_cents) });
  }
  return [...by.values()].sort(byCode);
}

/** Totals of several organizations added per currency (the run's, from each organization's own). */
export function addTotals(lists: Iterable<readonly CurrencyTotals[]>): CurrencyTotals[] {
  const by = new Map<string, CurrencyTotals>();
  for (const list of lists) {
    for (const s of list) {
      const t = by.get(s.currency) ?? { currency: s.currency, invoices: 0, net_cents: 0n, vat_cents: 0n, total_cents: 0n };
      by.set(s.currency, { ...t, invoices: t.invoices + s.invoices, net_cents: t.net_cents + s.net_cents, vat_cents: t.vat_cents + s.vat_cents, total_cents: t.total_cents + s.total_cents });
    }
  }
  return [...by.values()].sort(byCode);
}
