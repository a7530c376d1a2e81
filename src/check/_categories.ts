import { subtotalNotItsLines, type Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';

/**
 * `category_subtotal` (error): a subtotal of the record that is not the sum of its lines
 * (model/invoice-categories.ts: the plan subtotal its subscription lines, the usage subtotal its
 * usage lines, the dev overage lines under exactly one of the two). Anything else means a
 * category printed from the record would not be its lines: the invoice's totals block and the
 * workbook would not foot.
 */
export function categoryFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const off = subtotalNotItsLines(invoice);
  if (!off) return [];
  const c = off.categories;
  const money = (minor: number | bigint) => ({ minor: String(minor), currency: invoice.currency });
  const message = off.field === 'subscription_subtotal_cents'
    ? `subscription_subtotal_cents ${invoice.subscription_subtotal_cents} is not its subscription lines' sum ${c.subscription}${c.hasDevOverage ? ` nor that plus the dev overage lines' ${c.devOverage}` : ''}`
    : `usage_subtotal_cents ${invoice.usage_subtotal_cents} is not its lines' sum ${off.expected}: usage lines ${c.usage}${off.expected !== c.usage ? ` and the dev overage lines ${c.devOverage}` : ''}`;
  const params = off.field === 'subscription_subtotal_cents'
    ? { form: 'subscription', subtotal: money(invoice.subscription_subtotal_cents), sum: money(c.subscription), overage: money(c.devOverage) }
    : { form: 'usage', subtotal: money(invoice.usage_subtotal_cents), sum: money(off.expected), usage: money(c.usage), overage: money(c.devOverage) };
  return [{ code: 'category_subtotal', severity: 'error', path: off.field, message, params }];
}
