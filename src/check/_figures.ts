import type { Invoice } from '../model/index.js';
import { vatFromBps } from '../money/index.js';
import type { FindingParam, InvoiceCheckFinding, InvoiceCheckFindingCode } from './findings/finding.js';

/**
 * What does not add up, in minor units: line totals vs quantity × unit price, provider lines vs
 * the usage line they split, subtotal vs subscription + usage, VAT vs round-half-up(subtotal ×
 * rate), total vs subtotal + VAT. Every one is an error: a printed figure would be wrong.
 */
export function figureFindings(invoice: Invoice): InvoiceCheckFinding[] {
  const findings: InvoiceCheckFinding[] = [];
  const error = (code: InvoiceCheckFindingCode, path: string, message: string, params: Record<string, FindingParam>): void => void findings.push({ code, severity: 'error', path, message, params });
  const money = (minor: number | bigint): FindingParam => ({ minor: String(minor), currency: invoice.currency });
  const lines = invoice.lines.map((line, index) => ({ line, path: `lines[${index}]` })).sort((a, b) => a.line.sort_order - b.line.sort_order);

  for (const { line, path } of lines) {
    if (line.kind === 'usage_provider') continue;
    const expected = BigInt(line.quantity) * BigInt(line.unit_price_cents);
    if (expected !== BigInt(line.line_total_cents)) {
      error('line_total', `${path}.line_total_cents`, `line ${line.sort_order} ("${line.description}"): line_total_cents ${line.line_total_cents} != quantity ${line.quantity} × unit_price_cents ${line.unit_price_cents} = ${expected}`, {
        line: line.sort_order, description: line.description, amount: money(line.line_total_cents), quantity: line.quantity, unit_price: money(line.unit_price_cents), expected: money(expected),
      });
    }
  }

  let i = 0;
  while (i < lines.length) {
    const { line: head, path } = lines[i]!;
    let j = i + 1;
    let sum = 0n;
    while (j < lines.length && lines[j]!.line.kind === 'usage_provider') sum += BigInt(lines[j++]!.line.line_total_cents);
    if (j > i + 1) {
      if (head.kind !== 'usage' && head.kind !== 'usage_provider') {
        error('provider_orphan', `${lines[i + 1]!.path}.kind`, `lines after line ${head.sort_order}: usage_provider lines must follow a usage line, not a ${head.kind} line`, { line: lines[i + 1]!.line.sort_order });
      } else if (head.kind === 'usage' && sum !== BigInt(head.line_total_cents)) {
        error('provider_sum', `${path}.line_total_cents`, `line ${head.sort_order} ("${head.description}"): provider lines sum to ${sum}, not its line_total_cents ${head.line_total_cents}`, {
          line: head.sort_order, description: head.description, sum: money(sum), amount: money(head.line_total_cents),
        });
      }
    }
    if (head.kind === 'usage_provider' && i === 0) error('provider_orphan', `${path}.kind`, `line ${head.sort_order}: a usage_provider line with no usage line above it`, { line: head.sort_order });
    i = j;
  }

  const sub = BigInt(invoice.subscription_subtotal_cents) + BigInt(invoice.usage_subtotal_cents);
  if (sub !== BigInt(invoice.subtotal_cents)) {
    error('subtotal', 'subtotal_cents', `subtotal_cents ${invoice.subtotal_cents} != subscription_subtotal_cents ${invoice.subscription_subtotal_cents} + usage_subtotal_cents ${invoice.usage_subtotal_cents} = ${sub}`, {
      subtotal: money(invoice.subtotal_cents), subscription: money(invoice.subscription_subtotal_cents), usage: money(invoice.usage_subtotal_cents), expected: money(sub),
    });
  }
  // VAT is the subtotal times the rate rounded to the øre. At exactly half an øre either neighbour
  // is that: neither momsloven, its bekendtgørelse nor the API's contract fixes the direction, and an
  // invoice rounded half-even is lawful (an accountant's review: 25 % of 100.02 stated as 25.00 was
  // an error finding, so the run held the invoice back and credited it over half an øre).
  const vat = vatFromBps(invoice.subtotal_cents, invoice.vat_rate_bps);
  const twiceOff = 2n * (BigInt(invoice.vat_cents) * 10_000n - BigInt(invoice.subtotal_cents) * BigInt(invoice.vat_rate_bps));
  // BigInt's % keeps the sign: a negative subtotal's half is -5000 (the re-review found a credit's half refused).
  const rest = (BigInt(invoice.subtotal_cents) * BigInt(invoice.vat_rate_bps)) % 10_000n;
  const half = rest === 5_000n || rest === -5_000n;
  if (vat !== invoice.vat_cents && !(half && (twiceOff === 10_000n || twiceOff === -10_000n))) {
    // vatFromBps rounds half away from zero: the other neighbour of a half lies towards zero.
    const other = vat > 0 ? vat - 1 : vat + 1;
    error('vat', 'vat_cents', `vat_cents ${invoice.vat_cents} != round(subtotal_cents ${invoice.subtotal_cents} × vat_rate_bps ${invoice.vat_rate_bps} / 10000) = ${half ? `${Math.min(vat, other)} or ${Math.max(vat, other)}` : vat}`, {
      vat: money(invoice.vat_cents), subtotal: money(invoice.subtotal_cents), rate: { bps: invoice.vat_rate_bps }, expected: money(vat),
    });
  }
  const total = BigInt(invoice.subtotal_cents) + BigInt(invoice.vat_cents);
  if (total !== BigInt(invoice.total_cents)) {
    error('total', 'total_cents', `total_cents ${invoice.total_cents} != subtotal_cents ${invoice.subtotal_cents} + vat_cents ${invoice.vat_cents} = ${total}`, {
      total: money(invoice.total_cents), subtotal: money(invoice.subtotal_cents), vat: money(invoice.vat_cents), expected: money(total),
    });
  }
  return findings;
}
