import { Decimal } from '../../money/decimal.js';
import type { InvoiceSummary } from '../../model/index.js';
import { fitColumns, type CellInput, type Column } from '../_columns.js';
import { kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { addSheet } from '../_workbook.js';
import { lastDayOfMonth, utcDate } from '../period.js';

/** The invoices whose period starts inside the workbook's months, oldest first. */
export function invoicesInPeriod(ctx: CostContext): InvoiceSummary[] {
  const months = ctx.data.months;
  if (!ctx.data.invoices || months.length === 0) return [];
  const first = months[0]!.month;
  const last = lastDayOfMonth(months.at(-1)!.month);
  return ctx.data.invoices
    .filter((i) => i.period_start >= first && i.period_start <= last)
    .sort((a, b) => a.period_start.localeCompare(b.period_start) || a.invoice_number.localeCompare(b.invoice_number));
}

/**
 * Invoices: number, status, period, issued, due, currency, total. Void invoices are listed
 * (highlighted) but the totals per currency count issued ones only (SUMIFS).
 */
export async function writeInvoicesSheet(ctx: CostContext): Promise<void> {
  const { w } = ctx;
  const invoices = invoicesInPeriod(ctx);
  const issued = w('status.issued');
  const columns: Column[] = [
    { header: w('columns.invoiceNumber'), kind: 'text' },
    { header: w('columns.status'), kind: 'text' },
    { header: w('columns.periodStart'), kind: 'date' },
    { header: w('columns.issued'), kind: 'date' },
    { header: w('columns.due'), kind: 'date' },
    { header: w('columns.currency'), kind: 'text' },
    { header: w('columns.total'), kind: 'dkk' },
  ];
  const rows: CellInput[][] = invoices.map((i) => [
    i.invoice_number,
    w(`status.${i.status}`),
    utcDate(i.period_start),
    utcDate(i.issued_at.slice(0, 10)),
    utcDate(i.due_at),
    i.currency,
    kroner(i.total_cents),
  ]);
  const looks: Look[] = invoices.map((i) => (i.status === 'void' ? 'attention' : 'plain'));
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.invoices, 1, 'Invoices'), ctx.styles, fitColumns(columns, rows));
  table.header();
  rows.forEach((r, i) => table.data(r, looks[i]));
  const { first, last } = table.dataRows;
  const currencies = [...new Set(invoices.map((i) => i.currency))].sort();
  for (const currency of currencies) {
    const minor = invoices.filter((i) => i.status === 'issued' && i.currency === currency).reduce((a, i) => a + i.total_cents, 0);
    const esc = (s: string) => s.replace(/"/g, '""');
    const formula = `SUMIFS(G${first}:G${last},B${first}:B${last},"${esc(issued)}",F${first}:F${last},"${currency}")`;
    table.line([w('invoiceTotal', { currency }), null, null, null, null, currency, { formula, result: kroner(minor) }], ['text', 'text', 'text', 'text', 'text', 'text', 'dkk'], 'total');
  }
  table.skip();
  if (!ctx.data.invoices) table.line([w('notes.invoicesWithheld', { reason: ctx.data.invoicesWithheld ?? '' })], [], 'note');
  else if (invoices.length === 0) table.line([w('notes.noInvoices')], [], 'note');
  if (invoices.some((i) => i.status === 'void')) table.line([w('notes.voidExcluded')], [], 'note');
  await table.finish();
}

/** Issued invoices' totals per currency (øre), for the Summary. */
export function issuedTotals(ctx: CostContext): Array<{ currency: string; minor: number }> {
  const out = new Map<string, Decimal>();
  for (const i of invoicesInPeriod(ctx)) if (i.status === 'issued') out.set(i.currency, (out.get(i.currency) ?? new Decimal(0)).plus(i.total_cents));
  return [...out].sort(([a], [b]) => a.localeCompare(b)).map(([currency, d]) => ({ currency, minor: d.toNumber() }));
}
