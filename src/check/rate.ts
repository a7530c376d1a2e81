import type { Invoice } from '../model/index.js';
import { USD_DKK_RATE_RANGE, usdDkkRateProblem } from '../money/index.js';
import type { InvoiceCheckFinding } from './findings/finding.js';

/**
 * A `usd_dkk_rate` that cannot be a rate of US dollars in Danish kroner (outside 1-100 DKK per
 * USD, money/usd-dkk-rate.ts): an error, `usd_dkk_rate_implausible`. The invoice prints it (the
 * usage line's "USD … à rate", the VAT of a USD invoice in DKK) and every DKK figure made from
 * it would be wrong by the same factor; so the invoice is not filed as it is, and nothing is
 * converted at it (the workbook and the run say "not converted" and name this finding).
 */
export function rateFindings(invoice: Pick<Invoice, 'usd_dkk_rate'>): InvoiceCheckFinding[] {
  const rate = invoice.usd_dkk_rate;
  const problem = rate ? usdDkkRateProblem(rate) : undefined;
  if (!problem) return [];
  const { min, max } = USD_DKK_RATE_RANGE;
  return [{ code: 'usd_dkk_rate_implausible', severity: 'error', path: 'usd_dkk_rate', message: `usd_dkk_rate ${rate!.toFixed()} ${problem}`, params: { rate: rate!.toFixed(), min: min.toFixed(), max: max.toFixed() } }];
}
