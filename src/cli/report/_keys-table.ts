import type { OrgKeyUsage } from '../../model/index.js';
import { renderTable, type Column } from '../_output/table.js';
import { plainText } from '../_output/sanitize.js';
import { countText, usd } from '../_output/money.js';
import type { Style } from '../_output/style.js';
import { wrap } from '../_output/wrap.js';

const COLUMNS: Column[] = [
  { header: 'KEY', flex: true, min: 10 },
  { header: 'PREFIX' },
  { header: 'REQUESTS', align: 'right' },
  { header: 'INPUT', align: 'right' },
  { header: 'OUTPUT', align: 'right' },
  { header: 'SPEND $', align: 'right' },
];

/** Key usage as a table of `width` columns: one row per key, highest spend first, then a TOTAL row. */
export function keysTable(usage: OrgKeyUsage, width: number, style: Style): string {
  const rows: Array<string[] | null> = usage.keys.map((k) => [
    plainText(k.name),
    plainText(k.key_prefix),
    countText(k.request_count),
    countText(k.prompt_tokens),
    countText(k.completion_tokens),
    usd(k.spend_usd),
  ]);
  const t = usage.totals;
  rows.push(null, [`TOTAL (${usage.keys.length} keys)`, '', countText(t.request_count), countText(t.prompt_tokens), countText(t.completion_tokens), usd(t.spend_usd)]);
  const title = `Key usage of ${plainText(usage.org_id)}, ${usage.start_date} – ${usage.end_date} (US dollars; input includes cache reads and writes)`;
  return `${wrap(title, width, '').join('\n')}\n${renderTable(COLUMNS, rows, width, style)}`;
}
