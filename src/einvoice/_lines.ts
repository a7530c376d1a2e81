import type { Invoice } from '../model/index.js';
import { providerName } from '../locale/index.js';
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

/**
 * The invoice's lines as UBL lines. `usage_provider` lines are an of-which split of the usage
 * line above them, not charged: as lines they would be counted in the sum rules (BR-CO-10), so
 * they become that line's `AdditionalItemProperty` (the provider's name alone, amount). The
 * figures were checked before (checkInvoice's figure findings refuse the document, see
 * refuseErrorFindings); the charged lines must also sum to the subtotal (BR-CO-10).
 * @throws EInvoiceError
 */
export function ublLines(invoice: Invoice): UblLine[] {
  const sorted = invoice.lines.map((line, index) => ({ line, index })).sort((a, b) => a.line.sort_order - b.line.sort_order || a.index - b.index);
  const out: UblLine[] = [];
  let sum = 0;
  let headKind = '';
  for (const { line, index } of sorted) {
    if (line.kind === 'usage_provider') {
      const head = out[out.length - 1];
      if (!head || headKind !== 'usage') throw new EInvoiceError(`lines[${index}].kind`, 'a usage_provider line with no usage line above it');
      head.providers.push({ name: providerName(line.description), minor: line.line_total_cents, index });
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
