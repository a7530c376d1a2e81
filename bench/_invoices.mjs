// The invoices the renderer benches render: `typical` and `long` (bench/invoice.mjs and
// bench/instructions.mjs measure the same documents). Run after `npm run build` (dist/).
import { readFileSync } from 'node:fs';
import { parseJsonRecord, InvoiceSchema } from '../dist/model/index.js';
import { vatFromBps } from '../dist/money/index.js';

const sample = (name) => readFileSync(new URL(`../samples/invoices/${name}`, import.meta.url), 'utf8');

/** Subtotal, VAT and total made consistent again after lines were changed. */
function reconciled(base) {
  base.subtotal_cents = base.subscription_subtotal_cents + base.usage_subtotal_cents;
  base.vat_cents = vatFromBps(base.subtotal_cents, base.vat_rate_bps);
  base.total_cents = base.subtotal_cents + base.vat_cents;
  return parseJsonRecord(InvoiceSchema, JSON.stringify(base), 'invoice');
}

/** The October Nordlys invoice without its dev-overage line: 7 lines (3 subscription, usage, 3 provider sub-lines), totals kept consistent. */
export function typicalInvoice() {
  const base = JSON.parse(sample('nordlys-2026-10.json'));
  const overage = base.lines.filter((l) => l.kind === 'dev_overage').reduce((a, l) => a + l.line_total_cents, 0);
  base.lines = base.lines.filter((l) => l.kind !== 'dev_overage');
  base.usage_subtotal_cents -= overage;
  return reconciled(base);
}

/** The 102-line Kattegat invoice grown to exactly 150 lines (more usage lines), totals kept consistent. */
export function longInvoice() {
  const base = JSON.parse(sample('kattegat-2026-10.json'));
  const usage = base.lines.filter((l) => l.kind === 'usage');
  let order = base.lines[base.lines.length - 1].sort_order;
  for (let i = 0; base.lines.length < 150; i++) {
    const src = usage[i % usage.length];
    base.lines.push({ ...src, sort_order: (order += 10), description: `${src.description} (tillæg ${i + 1})` });
    base.usage_subtotal_cents += src.line_total_cents;
  }
  return reconciled(base);
}
