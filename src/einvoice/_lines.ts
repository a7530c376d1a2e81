import type { Invoice } from '../model/index.js';
import { checkInvoiceRecord } from '../invoice/check/check-invoice.js';
import { EInvoiceError } from './einvoice-error.js';

/** A charged line of the document with the provider split carried on it. */
export interface UblLine {
  /** BT-126: 1, 2, … in the record's sort order. */
  id: string;
  quantity: number;
  /** BT-146 in minor units; never negative (BR-27): a negative price is written as a negative quantity. */
  price: number;
  total: number;
  name: string;
  /** Index of the line in the record's `lines`, for messages. */
  index: number;
  /** The `usage_provider` lines under a usage line, as item attributes (BG-32). */
  providers: Array<{ name: string; minor: number; index: number }>;
}

/** checkInvoice's findings on figures: any of them makes a printed amount wrong. */
const FIGURES = new Set(['line_total', 'provider_sum', 'provider_orphan', 'subtotal', 'vat', 'total']);

/**
 * The invoice's lines as UBL lines. `usage_provider` lines are an of-which split of the usage
 * line above them, not charged: as lines they would be counted in the sum rules (BR-CO-10), so
 * they become that line's `AdditionalItemProperty` (provider name, amount). The figures must
 * reconcile exactly (line = quantity × price, PEPPOL-EN16931-R120; lines = subtotal, BR-CO-10/13;
 * VAT and total), or the document is refused naming the field: the official rules tolerate a
 * VAT amount up to 1.00 off, our documents do not.
 * @throws EInvoiceError
 */
export function ublLines(invoice: Invoice): UblLine[] {
  for (const finding of checkInvoiceRecord(invoice)) if (FIGURES.has(finding.code)) throw new EInvoiceError(finding.path, finding.message);
  const sorted = invoice.lines.map((line, index) => ({ line, index })).sort((a, b) => a.line.sort_order - b.line.sort_order || a.index - b.index);
  const out: UblLine[] = [];
  let sum = 0;
  let headKind = '';
  for (const { line, index } of sorted) {
    if (line.kind === 'usage_provider') {
      const head = out[out.length - 1];
      if (!head || headKind !== 'usage') throw new EInvoiceError(`lines[${index}].kind`, 'a usage_provider line with no usage line above it');
      head.providers.push({ name: line.description, minor: line.line_total_cents, index });
      continue;
    }
    headKind = line.kind;
    const negative = line.unit_price_cents < 0;
    out.push({
      id: String(out.length + 1),
      quantity: negative ? -line.quantity : line.quantity,
      price: Math.abs(line.unit_price_cents),
      total: line.line_total_cents,
      name: line.description,
      index,
      providers: [],
    });
    sum += line.line_total_cents;
  }
  if (!out.length) throw new EInvoiceError('lines', 'no charged line (an e-invoice needs at least one)');
  if (sum !== invoice.subtotal_cents) {
    throw new EInvoiceError('subtotal_cents', `subtotal_cents ${invoice.subtotal_cents} != the sum of the charged lines' line_total_cents ${sum}; an e-invoice's total is the sum of its lines`);
  }
  return out;
}
