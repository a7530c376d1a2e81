import type { InvoiceSummary } from '../../model/index.js';
import { formatMinor } from '../../money/index.js';
import { renderTable, type Column } from '../_output/table.js';
import { plainText } from '../_output/sanitize.js';
import type { Style } from '../_output/style.js';

const EN = { decimal: '.', group: ',' };
const COLUMNS: Column[] = [
  { header: 'NUMBER' },
  { header: 'STATUS' },
  { header: 'PERIOD' },
  { header: 'DUE' },
  { header: 'TOTAL', align: 'right' },
  { header: 'ID' },
];

/** The invoice list, newest first as the API sends it; ids in full, since commands take them. */
export function invoiceListTable(list: InvoiceSummary[], width: number, style: Style): string {
  if (list.length === 0) return 'No invoices.\n';
  const rows = list.map((i) => [
    plainText(i.invoice_number),
    i.status === 'void' ? 'VOID' : i.status,
    i.period_start.slice(0, 7),
    i.due_at,
    `${formatMinor(i.total_cents, EN)} ${i.currency}`,
    i.id,
  ]);
  return renderTable(COLUMNS, rows, width, style);
}
