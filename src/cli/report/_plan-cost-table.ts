import type { OrgPlanCost } from '../../model/index.js';
import { formatMinor } from '../../money/index.js';
import { renderTable, type Column } from '../_output/table.js';
import type { Style } from '../_output/style.js';
import { wrap } from '../_output/wrap.js';

const EN = { decimal: '.', group: ',' };
const COLUMNS: Column[] = [
  { header: 'SERVICE' },
  { header: 'TYPE' },
  { header: 'PLAN' },
  { header: 'QTY', align: 'right' },
  { header: 'UNIT', align: 'right' },
  { header: 'TOTAL', align: 'right' },
  { header: 'NOTE', flex: true, min: 8 },
];

/** Plan cost as a table: one line per priced product, the monthly total, then products without a price. */
export function planCostTable(cost: OrgPlanCost, width: number, style: Style): string {
  const money = (minor: number) => formatMinor(minor, EN);
  const periods: string[] = [];
  const rows: Array<string[] | null> = cost.lines.map((l) => {
    if (l.period) periods.push(`[${periods.length + 1}] part month: ${l.service} ${l.type}${l.plan ? ` ${l.plan}` : ''} only ${l.period.first_day} – ${l.period.last_day}`);
    // The footnote marker goes first, so a narrow NOTE column never cuts it off.
    const notes = [l.period ? `[${periods.length}]` : '', l.is_per_user ? 'per seat' : '', l.custom_price ? 'agreed' : ''].filter(Boolean);
    return [l.service, l.type, l.plan ?? l.core_plan ?? '', String(l.quantity), money(l.unit_price_cents), money(l.line_total_cents), notes.join(' ')];
  });
  rows.push(null, ['TOTAL per month', '', '', '', '', money(cost.total_monthly_cents), cost.currency]);
  const lines = (text: string) => wrap(text, width, '', '    ').map((l) => `${l}\n`).join('');
  const head = lines(`Plan cost in ${cost.currency} (excludes token usage); core plan: ${cost.core_plan ?? 'none'}; dev seats: ${cost.seats}`);
  const missing = cost.missing.length
    ? lines(`No price yet for: ${cost.missing.map((m) => [m.service, m.type, m.plan].filter(Boolean).join('/')).join(', ')}`)
    : '';
  return head + renderTable(COLUMNS, rows, width, style) + periods.map(lines).join('') + missing;
}
