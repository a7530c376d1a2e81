import type { Invoice } from '../model/index.js';
import type { InvoiceCheckFinding } from './finding.js';
import { paymentLineOf } from './payment-line.js';

/**
 * A payment line the buyer cannot use: one that is no FI line svc can state
 * (`payment_line_unknown`), or a FI line on an invoice that is not in DKK (`fik_not_dkk`: an
 * FI card pays Danish kroner only, so the amount asked could not be paid through it). Both are
 * errors: the invoice would tell the buyer to pay in a way that cannot work.
 */
export function paymentFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const line = paymentLineOf(invoice);
  if (!line) return [];
  if ('problem' in line) {
    return [{ code: 'payment_line_unknown', severity: 'error', path: line.path, message: `${line.path} "${line.text}" ${line.problem}`, params: { field: line.path, text: line.text } }];
  }
  if (invoice.currency !== 'DKK') {
    return [{
      code: 'fik_not_dkk', severity: 'error', path: line.path,
      message: `${line.path} "${line.text}" is a FI payment line (+${line.fik.card}), which pays Danish kroner only, but the invoice is in ${invoice.currency}`,
      params: { field: line.path, text: line.text, card: line.fik.card, currency: invoice.currency },
    }];
  }
  return [];
}
