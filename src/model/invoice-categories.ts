import type { InvoiceLineKind } from './enums.js';
import type { InvoiceLine } from './invoice.js';

/**
 * A kind of line charged on its own besides the plan (`subscription`) and usage (`usage`; its
 * `usage_provider` split is not charged): `dev_overage`, the one such kind of InvoiceLineKind
 * (spec §2). Derived from the kinds, so a kind added to InvoiceLineKind is one here, and every
 * table with a place per charged kind (the Months sheet's columns) fails to compile until it has one.
 */
export type ChargeKind = Exclude<InvoiceLineKind, 'subscription' | 'usage' | 'usage_provider'>;

/** The charged lines of an invoice summed per kind, in minor units of its currency (bigint: a sum of int64 amounts). */
export interface InvoiceCategories {
  /** The `subscription` lines: the plan. */
  subscription: bigint;
  /** The `usage` lines (model usage; their `usage_provider` split is not charged). */
  usage: bigint;
  /** The `dev_overage` lines. */
  devOverage: bigint;
  /** Whether the invoice has a `dev_overage` line at all (a table shows the category only then). */
  hasDevOverage: boolean;
}

/**
 * What each category of an invoice is: the sum of its lines. Every surface that shows an invoice
 * by category (the PDF's totals, the workbook's Invoices sheet, the run's cost tables) reads these,
 * so the dev overage is always its own category, whichever of the record's two subtotals
 * (`subscription_subtotal_cents`, `usage_subtotal_cents`) holds it; checkInvoice's
 * `category_subtotal` finding says when the subtotals are not these lines.
 */
export function invoiceCategories(invoice: { lines: readonly InvoiceLine[] }): InvoiceCategories {
  const sums = { subscription: 0n, usage: 0n, devOverage: 0n, hasDevOverage: false };
  for (const line of invoice.lines) {
    if (line.kind === 'subscription') sums.subscription += BigInt(line.line_total_cents);
    else if (line.kind === 'usage') sums.usage += BigInt(line.line_total_cents);
    else if (line.kind === 'dev_overage') {
      sums.devOverage += BigInt(line.line_total_cents);
      sums.hasDevOverage = true;
    }
  }
  return sums;
}

/**
 * The record's subtotal that is not its lines, or undefined when both are: the plan subtotal
 * (`subscription_subtotal_cents`) must be the subscription lines, the usage subtotal
 * (`usage_subtotal_cents`) the usage lines, and the dev overage lines belong to exactly one of
 * the two (records put them under either). `expected` is what the field would be.
 */
export function subtotalNotItsLines(invoice: { lines: readonly InvoiceLine[]; subscription_subtotal_cents: number; usage_subtotal_cents: number }):
  | { field: 'subscription_subtotal_cents' | 'usage_subtotal_cents'; expected: bigint; categories: InvoiceCategories }
  | undefined {
  const c = invoiceCategories(invoice);
  const sub = BigInt(invoice.subscription_subtotal_cents);
  if (sub !== c.subscription && !(c.hasDevOverage && sub === c.subscription + c.devOverage)) {
    return { field: 'subscription_subtotal_cents', expected: c.subscription, categories: c };
  }
  const expected = c.usage + c.devOverage - (sub - c.subscription);
  return BigInt(invoice.usage_subtotal_cents) === expected ? undefined : { field: 'usage_subtotal_cents', expected, categories: c };
}
