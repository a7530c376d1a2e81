import type { InvoiceSummary } from '../../model/index.js';
import { formatMinor } from '../../money/format/index.js';
import { renderTable, type Column } from '../_output/table.js';
import { plainText, terminalColumns } from '../_output/sanitize.js';
import type { Style } from '../_output/style.js';

const EN = { decimal: '.', group: ',' };
/** Characters of a shortened id; `get`, `pdf` and `render` accept any unique prefix this long. */
export const SHORT_ID_LENGTH = 8;

const COLUMNS: Column[] = [
  { header: 'NUMBER', flex: true, min: 9 },
  { header: 'STATUS' },
  { header: 'PERIOD' },
  { header: 'DUE' },
  { header: 'TOTAL', align: 'right' },
  { header: 'ID' },
];

function rowsOf(list: InvoiceSummary[], idLength: number | undefined): string[][] {
  return list.map((i) => [
    plainText(i.invoice_number),
    i.status === 'void' ? 'VOID' : i.status,
    i.period_start.slice(0, 7),
    i.due_at,
    `${formatMinor(i.total_cents, EN)} ${i.currency}`,
    idLength === undefined ? i.id : i.id.slice(0, idLength),
  ]);
}

/**
 * The invoice list, newest first as the API sends it. Ids are shown in full when the table
 * fits `width`; otherwise by their first 8 characters (which the invoice commands accept), with
 * a note pointing to `--json` for the full ids.
 */
export function invoiceListTable(list: InvoiceSummary[], width: number, style: Style): string {
  if (list.length === 0) return 'No invoices.\n';
  const full = rowsOf(list, undefined);
  const fullWidth = COLUMNS.reduce((sum, c, col) => sum + (col ? 2 : 0) + Math.max(terminalColumns(c.header), ...full.map((r) => terminalColumns(r[col]!))), 0);
  if (fullWidth <= width) return renderTable(COLUMNS, full, width, style);
  const table = renderTable(COLUMNS, rowsOf(list, SHORT_ID_LENGTH), width, style);
  return `${table}${style.dim('ID: the first 8 characters, accepted by get, pdf and render; --json for full ids')}\n`;
}
