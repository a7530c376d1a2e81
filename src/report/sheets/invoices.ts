import type { InvoiceSummary } from '../../model/index.js';
import { dkkRateFacts } from '../../vat/index.js';
import { rateWords } from '../figures/rate-words.js';
import { fitSheetColumns, type CellInput, type Column } from '../_columns.js';
import { kroner, type CostContext } from '../_context.js';
import { TableWriter, type Look } from '../_table.js';
import { addSheet } from '../_workbook.js';
import { columnLetter } from '../xlsx/index.js';
import { invoiceFigures, type InvoiceFigures } from '../figures/invoice-figures.js';
import { lastDayOfMonth, utcDate } from '../period/period.js';
import type { CostReportData } from '../types.js';
import { isCounted, standingOf } from '../_counted-invoice.js';

/** 1-based columns of the Invoices sheet that other sheets' formulas read. */
export const INVOICE_COLUMNS = { status: 2, period: 3, currency: 6, subscription: 7, usage: 8, devOverage: 9, net: 10, vat: 12, gross: 13, netDkk: 14, vatDkk: 15, grossDkk: 16, rate: 17, rateSource: 18, rateDate: 19 } as const;

/** The invoices whose period starts inside the workbook's months (`YYYY-MM`, oldest first), oldest first. */
export function invoicesInPeriod(data: CostReportData, months: string[]): InvoiceSummary[] {
  if (!data.invoices || months.length === 0) return [];
  const first = `${months[0]!}-01`;
  const last = lastDayOfMonth(`${months.at(-1)!}-01`);
  return data.invoices
    .filter((i) => i.period_start >= first && i.period_start <= last)
    .sort((a, b) => a.period_start.localeCompare(b.period_start) || a.invoice_number.localeCompare(b.invoice_number));
}

const esc = (s: string) => s.replace(/"/g, '""');

/**
 * Whether the Invoices sheet has a DKK totals row: when some invoice is not in DKK and some
 * invoice has a DKK figure (in DKK, or at its own USD/DKK rate). Invoices that have none (EUR)
 * get no DKK total, rather than a 0.00 that is no amount.
 */
export function hasDkkTotals(invoices: InvoiceSummary[], records: Map<string, InvoiceFigures>): boolean {
  return invoices.some((i) => i.currency !== 'DKK') && invoices.some((i) => i.currency === 'DKK' || records.get(i.id)?.dkkBasis === 'rate');
}

/**
 * Invoices: number, status, period, issued, due, currency; subscription, usage and dev overage
 * (each the sum of its lines, so the three add up to the net); net (excl. VAT), VAT rate, VAT and
 * total (incl. VAT) in the invoice's currency, and net, VAT and total in DKK where a rate
 * converts them (a DKK invoice as it is, a USD one at its own rate, any other at the rate a
 * rates file gives for the day its VAT became chargeable), with that rate, its source and its
 * day beside them and, in a note, how it was taken or why there is none. Void and held-back
 * invoices are listed (highlighted, their status saying which) but the totals per currency count
 * issued ones only (SUMIFS on the status).
 */
export async function writeInvoicesSheet(ctx: CostContext): Promise<void> {
  const { w } = ctx;
  const invoices = invoicesInPeriod(ctx.data, ctx.months);
  const records = new Map((ctx.data.invoiceRecords ?? []).map((r) => [r.id, invoiceFigures(r, ctx.rates)]));
  const issued = w('status.issued');
  const columns: Column[] = [
    { header: w('columns.invoiceNumber'), kind: 'text' },
    { header: w('columns.status'), kind: 'text' },
    { header: w('columns.periodStart'), kind: 'date' },
    { header: w('columns.issued'), kind: 'date' },
    { header: w('columns.due'), kind: 'date' },
    { header: w('columns.currency'), kind: 'text' },
    { header: w('columns.subscription'), kind: 'dkk' },
    { header: w('columns.usageLines'), kind: 'dkk' },
    { header: w('columns.devOverage'), kind: 'dkk' },
    { header: w('columns.net'), kind: 'dkk' },
    { header: w('columns.vatRate'), kind: 'pct' },
    { header: w('columns.vat'), kind: 'dkk' },
    { header: w('columns.gross'), kind: 'dkk' },
    { header: w('columns.netDkk'), kind: 'dkk' },
    { header: w('columns.vatDkk'), kind: 'dkk' },
    { header: w('columns.grossDkk'), kind: 'dkk' },
    { header: w('columns.fxRate'), kind: 'fxrate' },
    { header: w('columns.fxSource'), kind: 'text' },
    { header: w('columns.fxDate'), kind: 'date' },
  ];
  const rateOf = new Map(invoices.map((i) => {
    const f = records.get(i.id);
    const facts = f && dkkRateFacts(f.conversion);
    return [i.id, facts && rateWords(facts, ctx.locale)] as const;
  }));
  const dkk = (m: number | null | undefined) => (m === null || m === undefined ? undefined : kroner(m));
  const rows: CellInput[][] = invoices.map((i) => {
    const f: InvoiceFigures | undefined = records.get(i.id);
    return [
      i.invoice_number,
      w(`status.${standingOf(i, ctx.data)}`),
      utcDate(i.period_start),
      utcDate(i.issued_at.slice(0, 10)),
      utcDate(i.due_at),
      i.currency,
      f && kroner(f.subscriptionLines.minor),
      f && kroner(f.usageLines.minor),
      f && kroner(f.devOverage.minor),
      f && kroner(f.net.minor),
      f && f.invoice.vat_rate_bps / 10_000,
      f && kroner(f.vat.minor),
      kroner(i.total_cents),
      dkk(f?.net.dkkMinor),
      dkk(f?.vat.dkkMinor),
      dkk(f ? f.gross.dkkMinor : i.currency === 'DKK' ? i.total_cents : null),
      rateOf.get(i.id)?.rate?.toDecimalPlaces(6).toNumber(),
      rateOf.get(i.id)?.source || undefined,
      rateOf.get(i.id)?.date ? utcDate(rateOf.get(i.id)!.date!) : undefined,
    ];
  });
  // How each DKK figure was reached (the rate, its source and day, the law's day), or why it has none.
  const notes = invoices.map((i) => {
    const words = rateOf.get(i.id);
    return words ? { 13: words.note } : undefined;
  });
  const looks: Look[] = invoices.map((i) => (isCounted(i, ctx.data) ? 'plain' : 'attention'));
  const table = new TableWriter(addSheet(ctx.wb, ctx.layout.sheets.invoices, { ...ctx.page, repeatColumns: 1 }, 1, 'Invoices'), ctx.styles, fitSheetColumns(columns, rows));
  table.header();
  rows.forEach((r, i) => table.data(r, looks[i], notes[i]));
  const { first, last } = table.dataRows;
  const L = columnLetter;
  const sumifs = (col: number, currency?: string) =>
    `SUMIFS(${L(col)}${first}:${L(col)}${last},B${first}:B${last},"${esc(issued)}"${currency ? `,F${first}:F${last},"${esc(currency)}"` : ''})`;
  const issuedOf = (currency?: string) => invoices.filter((i) => isCounted(i, ctx.data) && (!currency || i.currency === currency));
  const sumBy = (list: InvoiceSummary[], pick: (f: InvoiceFigures) => number | null, fallback?: (i: InvoiceSummary) => number | null) => {
    let sum = 0;
    for (const i of list) {
      const f = records.get(i.id);
      const v = f ? pick(f) : fallback ? fallback(i) : null;
      if (v !== null) sum += v;
    }
    return kroner(sum);
  };
  const kinds = columns.map((c) => c.kind);
  const currencies = [...new Set(invoices.map((i) => i.currency))].sort();
  for (const currency of currencies) {
    const list = issuedOf(currency);
    const cells: CellInput[] = [w('invoiceTotal', { currency }), null, null, null, null, currency];
    const money = (col: number, pick: (f: InvoiceFigures) => number) => ({ formula: sumifs(col, currency), result: sumBy(list, pick) });
    cells[6] = money(7, (f) => f.subscriptionLines.minor);
    cells[7] = money(8, (f) => f.usageLines.minor);
    cells[8] = money(9, (f) => f.devOverage.minor);
    cells[9] = money(10, (f) => f.net.minor);
    cells[11] = money(12, (f) => f.vat.minor);
    cells[12] = { formula: sumifs(13, currency), result: sumBy(list, (f) => f.gross.minor, (i) => i.total_cents) };
    // Its DKK too, where its invoices have one (DKK itself, USD at each invoice's rate; never EUR).
    const grossDkk = (i: InvoiceSummary) => (i.currency === 'DKK' ? i.total_cents : null);
    if (list.some((i) => (records.get(i.id)?.gross.dkkMinor ?? grossDkk(i)) !== null)) {
      cells[13] = { formula: sumifs(14, currency), result: sumBy(list, (f) => f.net.dkkMinor) };
      cells[14] = { formula: sumifs(15, currency), result: sumBy(list, (f) => f.vat.dkkMinor) };
      cells[15] = { formula: sumifs(16, currency), result: sumBy(list, (f) => f.gross.dkkMinor, grossDkk) };
    }
    table.line(cells, kinds, 'total');
  }
  if (hasDkkTotals(invoices, records)) {
    const list = issuedOf();
    const cells: CellInput[] = [w('invoiceTotalDkk'), null, null, null, null, 'DKK'];
    cells[13] = { formula: sumifs(14), result: sumBy(list, (f) => f.net.dkkMinor) };
    cells[14] = { formula: sumifs(15), result: sumBy(list, (f) => f.vat.dkkMinor) };
    cells[15] = { formula: sumifs(16), result: sumBy(list, (f) => f.gross.dkkMinor, (i) => (i.currency === 'DKK' ? i.total_cents : null)) };
    table.line(cells, kinds, 'total');
  }
  table.skip();
  if (!ctx.data.invoices) table.line([w('notes.invoicesWithheld', { reason: ctx.data.invoicesWithheld ?? '' })], [], 'note');
  else if (invoices.length === 0) table.line([w('notes.noInvoices')], [], 'note');
  if (invoices.some((i) => i.status === 'void')) table.line([w('notes.voidExcluded')], [], 'note');
  if (invoices.some((i) => standingOf(i, ctx.data) === 'held_back')) table.line([w('notes.heldBackExcluded')], [], 'note');
  if (invoices.length) table.line([w('notes.invoiceColumns')], [], 'note');
  if (invoices.some((i) => !records.has(i.id))) table.line([w('notes.invoiceNoRecord')], [], 'note');
  await table.finish();
}
