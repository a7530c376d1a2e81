import type { CostContext } from '../_context.js';
import type { MonthLedger } from '../_ledger.js';

/** Where the month's plan comes from, or why it is not known, in a sentence. */
export function planSourceText(ctx: CostContext, m: MonthLedger): string {
  const { w } = ctx;
  const p = m.plan;
  if (p.source === 'invoice') {
    const text = w('planSource.invoice', { numbers: p.issued.map((f) => f.invoice.invoice_number).join(', ') });
    return p.reason ? `${text} ${w(`planReason.${p.reason.key}`, p.reason.params)}` : text;
  }
  if (p.source === 'current') {
    const text = w('planSource.current');
    const dropped = p.droppedLines ? ` ${ctx.wn('planSource.dropped', p.droppedLines)}` : '';
    return `${text}${dropped}${p.reason ? ` ${w(`planReason.${p.reason.key}`, p.reason.params)}` : ''}`;
  }
  return w(`planReason.${p.reason!.key}`, p.reason!.params);
}
