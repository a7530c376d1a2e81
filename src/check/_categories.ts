import { invoiceCategories, type Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './finding.js';

/**
 * `category_subtotal` (error): a subtotal of the record that is not the sum of its lines. The
 * plan subtotal (`subscription_subtotal_cents`) must be the subscription lines, and the usage
 * subtotal (`usage_subtotal_cents`) the usage lines; the dev overage lines belong to exactly one
 * of the two (records put them under either). Anything else means a category printed from the
 * record would not be its lines: the invoice's totals block and the workbook would not foot.
 */
export function categoryFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const c = invoiceCategories(invoice);
  const sub = BigInt(invoice.subscription_subtotal_cents);
  const usage = BigInt(invoice.usage_subtotal_cents);
  const overage = c.hasDevOverage ? ` (the dev overage lines are ${c.devOverage})` : '';
  if (sub !== c.subscription && !(c.hasDevOverage && sub === c.subscription + c.devOverage)) {
    return [{
      code: 'category_subtotal', severity: 'error', path: 'subscription_subtotal_cents',
      message: `subscription_subtotal_cents ${sub} is not its subscription lines' sum ${c.subscription}${c.hasDevOverage ? ` nor that plus the dev overage lines' ${c.devOverage}` : ''}`,
    }];
  }
  const expected = c.usage + c.devOverage - (sub - c.subscription);
  if (usage !== expected) {
    return [{
      code: 'category_subtotal', severity: 'error', path: 'usage_subtotal_cents',
      message: `usage_subtotal_cents ${usage} is not its lines' sum ${expected}: usage lines ${c.usage}${sub === c.subscription ? overage.replace(')', ', counted here)') : ''}`,
    }];
  }
  return [];
}
