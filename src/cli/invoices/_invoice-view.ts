import type { Invoice } from '../../model/index.js';
import { formatMinor } from '../../money/index.js';
import { renderTable, type Column } from '../_output/table.js';
import { plainText } from '../_output/sanitize.js';
import type { Style } from '../_output/style.js';

const EN = { decimal: '.', group: ',' };
const COLUMNS: Column[] = [
  { header: 'DESCRIPTION', flex: true, min: 12 },
  { header: 'QTY', align: 'right' },
  { header: 'UNIT', align: 'right' },
  { header: 'AMOUNT', align: 'right' },
];

/** One invoice as text: header facts, the lines (provider splits indented, not charged), and the totals. */
export function invoiceView(inv: Invoice, width: number, style: Style): string {
  const money = (minor: number) => formatMinor(minor, EN);
  const head = [
    `Invoice ${plainText(inv.invoice_number)}${inv.status === 'void' ? '  VOID' : ''}  (${inv.id})`,
    `To:      ${plainText(inv.buyer.legal_name)}, ${plainText(inv.buyer.city)}, ${plainText(inv.buyer.country)}`,
    `Period:  ${inv.period_start} – ${inv.period_end}   Issued: ${inv.issued_at.slice(0, 10)}   Due: ${inv.due_at}`,
    `Amounts in ${inv.currency}; language ${inv.language}${inv.usd_dkk_rate ? `; USD/DKK rate ${inv.usd_dkk_rate.toFixed()}` : ''}`,
    '',
  ];
  const lines = [...inv.lines].sort((a, b) => a.sort_order - b.sort_order);
  const rows = lines.map((l) => {
    const split = l.kind === 'usage_provider';
    return [
      `${split ? '  of which ' : ''}${plainText(l.description)}`,
      String(l.quantity),
      money(l.unit_price_cents),
      split ? `(${money(l.line_total_cents)})` : money(l.line_total_cents),
    ];
  });
  const vat = `VAT ${formatMinor(inv.vat_rate_bps, EN)} %`;
  const totals: Array<string[] | null> = [
    null,
    ['Subtotal', '', '', money(inv.subtotal_cents)],
    [vat, '', '', money(inv.vat_cents)],
    [`Total ${inv.currency}`, '', '', money(inv.total_cents)],
  ];
  return head.join('\n') + '\n' + renderTable(COLUMNS, [...rows, ...totals], width, style);
}
