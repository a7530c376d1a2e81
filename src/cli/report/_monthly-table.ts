import type { Decimal } from '../../money/index.js';
import type { OrgMonthlyUsage } from '../../model/index.js';
import { renderTable, type Column } from '../_output/table.js';
import { countText, usd } from '../_output/money.js';
import { plainText } from '../_output/sanitize.js';
import type { Style } from '../_output/style.js';
import { wrap } from '../_output/wrap.js';

const COLUMNS: Column[] = [
  { header: 'MONTH' },
  { header: 'REQUESTS', align: 'right' },
  { header: 'TOKENS', align: 'right' },
  { header: 'SPEND $', align: 'right' },
  { header: 'SPEND DKK', align: 'right' },
];

function change(pct: Decimal | null | undefined): string {
  if (pct === null || pct === undefined) return 'n/a';
  return `${pct.isPositive() && !pct.isZero() ? '+' : ''}${pct.toFixed(1)} %`;
}

/** Monthly usage as a table, oldest month first, with totals and the run-rate changes. */
export function monthlyTable(usage: OrgMonthlyUsage, width: number, style: Style): string {
  const rows: Array<string[] | null> = usage.months.map((m) => [
    m.month.slice(0, 7),
    countText(m.request_count),
    countText(m.total_tokens),
    usd(m.usd_spend),
    m.dkk_spend === null || m.dkk_spend === undefined ? '-' : `${usd(m.dkk_spend)}${m.rate_estimated ? '*' : ''}`,
  ]);
  const s = usage.summary;
  const dkk = s.total_dkk_spend === null || s.total_dkk_spend === undefined ? '-' : usd(s.total_dkk_spend);
  rows.push(null, ['TOTAL', countText(s.total_requests), countText(s.total_tokens), usd(s.total_usd_spend), dkk]);
  const notes = [
    'Change this month vs last (this month projected to a full month):',
    `  spend ${change(s.usd_spend_change_pct)}, tokens ${change(s.tokens_change_pct)}, requests ${change(s.requests_change_pct)}`,
  ];
  if (usage.months.some((m) => m.rate_estimated)) notes.push('* DKK estimated from the most recent stored USD/DKK rate');
  if (usage.months.some((m) => m.dkk_spend === null || m.dkk_spend === undefined)) notes.push('- no USD/DKK rate stored for that month');
  const noteLines = notes.flatMap((n) => (n.startsWith('  ') ? wrap(n, width, '  ') : wrap(n, width, '', '  ')));
  return `Monthly usage of ${plainText(usage.org_id)}\n${renderTable(COLUMNS, rows, width, style)}${noteLines.join('\n')}\n`;
}
