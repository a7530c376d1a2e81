import { Decimal } from '../../money/index.js';
import { formatMonth } from '../../locale/index.js';
import { formatMinor } from '../../money/index.js';
import { rangeRef, valueWidth, type CellInput, type Column } from '../_columns.js';
import { kroner, USAGE_SHEETS, usageGap, type CostContext } from '../_context.js';
import type { ColumnKind } from '../_styles.js';
import { TableWriter } from '../_table.js';
import { textWidth } from '../_text.js';
import { addSheet } from '../_workbook.js';
import { change, convertMonth } from '../dkk.js';
import { invoiceFigures } from '../figures/invoice-figures.js';
import { chargeOf } from '../month-dkk-cost.js';
import { lastDayOfMonth, utcDate } from '../period/period.js';
import { hasDkkTotals, INVOICE_COLUMNS, invoicesInPeriod } from './invoices.js';
import { MONTH_COLUMNS } from './months.js';
import { columnLetter, pageLayout } from '../xlsx/index.js';
import { reconciliationBlocks } from './_reconciliation.js';
import { SummaryLines } from './_summary-lines.js';
import type { KeyUsageInput } from '../types.js';
import { costReportFindings } from '../cost-findings.js';
import { isCounted, standingOf } from '../_counted-invoice.js';

/** Label, amount, the invoice's amount, difference, explanation. */
const KINDS: ColumnKind[] = ['text', 'dkk', 'dkk', 'dkk', 'text'];
const WIDTHS = { label: 40, amount: 15, explanation: 46 };

const quote = (sheet: string) => `'${sheet.replace(/'/g, "''")}'`;

/** A Summary line: label, one value of `kind`, and an explanation. */
const summaryRow = (label: string, value: CellInput, note = '', kind: ColumnKind = 'dkk') => ({ cells: [label, value, null, null, note], kinds: ['text', kind, 'dkk', 'dkk', 'text'] as ColumnKind[] });

/**
 * Summary: organization and period; the period's cost excl. VAT (usage, dev overage, plan,
 * total; estimates marked); what was invoiced (net, VAT, gross per currency); each month
 * reconciled with its invoice; the rates used; change from the previous month; and the sheets
 * reconciled with each other. Every figure that another sheet holds is a formula over it,
 * carrying its computed value. Each block is kept on one printed page.
 */
export async function writeSummarySheet(ctx: CostContext): Promise<void> {
  const { w, data, ledger, conversions, layout, locale, usage } = ctx;
  const lines = new SummaryLines();
  const push = lines.push.bind(lines);
  const month = (m: string) => formatMonth(m, locale);
  const first = ctx.months[0];
  const lastMonth = ctx.months.at(-1);
  const gap = usageGap(data);
  const notShared = w(`usageWithheld.value.${gap}`);
  const withheldReason = `${w(`usageWithheld.reason.${gap}`)}.`;
  const row = summaryRow;

  lines.block();
  push({ cells: [w('title', { organization: ctx.orgName })], style: 'heading' });
  lines.blank();
  push({ ...row(w('summary.organization'), ctx.orgName, '', 'text'), style: 'runOn' });
  push({ ...row(w('summary.orgId'), data.orgId, '', 'text'), style: 'runOn' });
  push(row(w('summary.periodStart'), first ? utcDate(`${first}-01`) : undefined, '', 'date'));
  push(row(w('summary.periodEnd'), lastMonth ? utcDate(lastDayOfMonth(`${lastMonth}-01`)) : undefined, '', 'date'));
  if (usage) push(row(w('summary.dataUntil'), utcDate(usage.end_date), '', 'date'));
  else {
    const left = USAGE_SHEETS.map((s) => layout.sheets[s]).join(', ');
    push(row(w('usageWithheld.label'), notShared, `${withheldReason} ${w('usageWithheld.sheetsLeftOut', { sheets: left })}`, 'text'));
  }
  lines.blank();
  findingsBlock(ctx, lines);

  // The period's cost, excl. VAT: the Months sheet's columns summed.
  lines.block();
  push({ cells: [w('summary.costHeading')], style: 'heading' });
  const monthsCol = (c: number) => rangeRef(layout.sheets.months, c, 2, layout.monthsRows + 1);
  const known = <T>(xs: Array<T | null>) => xs.filter((x): x is T => x !== null);
  const sumOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) : undefined);
  const usd = conversions.reduce((a, c) => a.plus(c.usd), new Decimal(0));
  const usageMinor = sumOf(known(conversions.map((c) => c.dkkMinor)));
  const overageMinor = sumOf(known(ledger.map((m) => chargeOf(m.cost, 'dev_overage'))));
  const planMinor = sumOf(known(ledger.map((m) => m.plan.dkkMinor)));
  const costMinor = sumOf(known(ledger.map((m) => m.cost.costMinor)));
  const estimated = conversions.filter((c) => c.estimated);
  const missing = conversions.filter((c) => c.dkkMinor === null);
  const sumCell = (col: number, minor: number | undefined) => (minor === undefined ? undefined : { formula: `SUM(${monthsCol(col)})`, result: kroner(minor) });
  if (usage) {
    push(row(w('summary.usageUsd'), usd.toNumber(), '', 'usd'));
    const usageNote = missing.length ? w('notes.dkkTotalRatedOnly') : estimated.length ? w('notes.estimatedRate') : usageMinor === undefined ? w('notes.noRate') : '';
    push({ ...row(w('summary.usageDkk'), sumCell(MONTH_COLUMNS.dkk, usageMinor), usageNote), style: estimated.length ? 'estimated' : undefined });
  } else {
    // Why is said once, in the period block above.
    push(row(w('summary.usageUsd'), notShared, '', 'usd'));
    push(row(w('summary.usageDkk'), notShared));
  }
  const notInvoiced = ledger.filter((m) => m.plan.source !== 'invoice').map((m) => month(m.month));
  push(row(w('summary.devOverage'), sumCell(MONTH_COLUMNS.devOverage, overageMinor) ?? 0, notInvoiced.length ? w('notes.devOverageMonths', { months: notInvoiced.join(', ') }) : w('notes.devOverageInvoiced')));
  const today = ledger.some((m) => m.plan.source === 'current');
  push({ ...row(w('summary.plan'), sumCell(MONTH_COLUMNS.plan, planMinor), planSources(ctx)), style: today ? 'estimated' : undefined });
  const unknownCost = ledger.filter((m) => m.cost.costMinor === null).map((m) => month(m.month));
  const costEstimated = ledger.some((m) => m.cost.estimated && m.cost.costMinor !== null);
  const costNote = [unknownCost.length ? w('notes.costKnownMonths', { months: unknownCost.join(', ') }) : '', costEstimated ? w('notes.costEstimated') : ''].filter(Boolean).join(' ');
  push({
    ...row(w(costEstimated ? 'summary.totalDkkEstimated' : 'summary.totalDkk'), sumCell(MONTH_COLUMNS.cost, costMinor), !usage ? w('usageWithheld.totalCost') : costMinor === undefined ? w('notes.totalUnavailable') : costNote),
    style: costEstimated ? 'estimated' : 'total',
  });
  if (ctx.credits.keys) {
    push({ ...row(w('summary.credits'), kroner(ctx.credits.dkkMinor), ctx.wn('notes.credits', ctx.credits.keys, { usd: ctx.credits.usd, dkk: formatMinor(ctx.credits.dkkMinor, locale.format.number) })), style: 'credit' });
  }
  lines.blank();

  // Each month against its invoice right below the cost, so a one-month workbook has both on its first page.
  reconciliationBlocks(ctx, lines);
  invoicedBlock(ctx, lines);
  // Rates, change and the sheets against each other are all usage: without it, said once above.
  if (usage) usageBlocks(ctx, lines, usage, usageMinor ?? 0);

  const all = lines.cells(1);
  const columns: Column[] = [
    // The labels from the third line on: the title above them is a heading that wraps across the columns.
    { header: '', kind: 'text', width: Math.min(WIDTHS.label, widestLabel(all.slice(2), 24) + 2) },
    { header: '', kind: 'dkk', width: widestAmount(all, 1, WIDTHS.amount) },
    { header: '', kind: 'dkk', width: widestAmount(all, 2, WIDTHS.amount) },
    { header: '', kind: 'dkk', width: widestAmount(all, 3, WIDTHS.amount - 2) },
    { header: '', kind: 'text', width: WIDTHS.explanation },
  ];
  const table = new TableWriter(addSheet(ctx.wb, layout.sheets.summary, ctx.page), ctx.styles, columns);
  lines.write(table, pageLayout(columns.map((c) => c.width!), ctx.page.orientation).rowsHeight);
  await table.finish();
}

// Loops in functions of the module, not closures made per workbook: V8 drops a closure's optimized
// code at each full collection and compiles it again (bench/README.md, issue 42).

/** The width of the widest text in the first column of `rows`, at least `floor`. */
function widestLabel(rows: readonly CellInput[][], floor: number): number {
  let widest = floor;
  for (const c of rows) if (typeof c[0] === 'string') widest = Math.max(widest, textWidth(c[0]));
  return widest;
}

/**
 * An amount column is as wide as its widest figure needs (a total of a billion prints whole,
 * never as ###), bold totals included; never narrower than `floor`, the usual width.
 */
function widestAmount(rows: readonly CellInput[][], col: number, floor: number): number {
  let widest = floor;
  for (const c of rows) if (!(typeof c[col] === 'string' || c[col] instanceof Date)) widest = Math.max(widest, valueWidth(c[col], 'usd') + 3);
  return widest;
}

/**
 * Figures the records contradict (report/cost-findings.ts), each naming its record and field,
 * before any figure: the figure concerned is left out below (no DKK), and this says why.
 */
function findingsBlock(ctx: CostContext, lines: SummaryLines): void {
  const findings = costReportFindings(ctx.data);
  if (!findings.length) return;
  lines.block();
  lines.push({ cells: [ctx.w('summary.findingsHeading')], style: 'heading' });
  for (const f of findings) lines.push({ cells: [`${f.record}, ${f.path}: ${f.message} [${f.code}]`], style: 'note' });
  lines.blank();
}

/** What only usage tells: the rates used, the change from the previous month, and the sheets reconciled with each other. */
function usageBlocks(ctx: CostContext, lines: SummaryLines, usage: KeyUsageInput, usageMinor: number): void {
  const { w, data, conversions, locale } = ctx;
  const push = lines.push.bind(lines);
  const row = summaryRow;
  const month = (m: string) => formatMonth(m, locale);
  const last = data.months.at(-1);
  const estimated = conversions.filter((c) => c.estimated);
  const missing = conversions.filter((c) => c.dkkMinor === null);
  lines.block();
  push({ cells: [w('summary.ratesHeading')], style: 'heading' });
  for (const c of conversions) {
    const note = c.dkkMinor === null ? w('notes.noRate') : c.rate === null ? w('notes.noUsage') : c.estimated ? w('notes.estimatedRate') : w('notes.storedRate');
    push({ ...row(w('summary.rate', { month: month(c.month) }), c.rate?.toNumber(), note, 'rate'), style: c.estimated ? 'estimated' : undefined, ...(c.estimated ? { notes: { 1: w('notes.estimatedRate') } } : {}) });
  }
  lines.blank();

  lines.block();
  push({ cells: [w('summary.changeHeading')], style: 'heading' });
  const prev = data.previousMonth;
  if (prev && last) {
    const now = convertMonth(last);
    const before = convertMonth(prev);
    // A month still running (data ends before its last day) is projected to a full month first,
    // as the API's own change figures are: so far / days elapsed * days in the month.
    const monthEnd = lastDayOfMonth(last.month);
    const until = usage.end_date;
    const running = until >= last.month && until < monthEnd;
    const scale = running ? new Decimal(Number(monthEnd.slice(8))).dividedBy(Number(until.slice(8))) : new Decimal(1);
    const basis = running
      ? w('notes.changeBasisProjected', { month: month(now.month), previous: month(before.month), days: Number(until.slice(8)), daysInMonth: Number(monthEnd.slice(8)) })
      : w('notes.changeBasis', { month: month(now.month), previous: month(before.month) });
    const pct = (a: Decimal, b: Decimal) => change(a.times(scale), b)?.toNumber();
    const dkkChange = now.dkkMinor === null || before.dkkMinor === null ? undefined : pct(new Decimal(now.dkkMinor), new Decimal(before.dkkMinor));
    push(row(w('summary.changeUsd'), pct(now.usd, before.usd), basis, 'pct'));
    push(row(w('summary.changeDkk'), dkkChange, basis, 'pct'));
    push(row(w('summary.changeTokens'), pct(new Decimal(last.total_tokens), new Decimal(prev.total_tokens)), basis, 'pct'));
    push(row(w('summary.changeRequests'), pct(new Decimal(last.request_count), new Decimal(prev.request_count)), basis, 'pct'));
  } else {
    push({ cells: [w('notes.noPrevious')], style: 'note' });
  }
  lines.blank();

  lines.block();
  const list = (cs: typeof conversions) => (cs.length ? cs.map((c) => month(c.month)).join(', ') : w('none'));
  push({ ...row(w('summary.estimated'), list(estimated), estimated.length ? w('notes.estimatedRate') : '', 'text'), style: estimated.length ? 'estimated' : 'runOn' });
  push({ ...row(w('summary.withoutRate'), list(missing), missing.length ? w('notes.noRate') : '', 'text'), style: 'runOn' });
  lines.blank();

  sheetsBlock(ctx, lines, usageMinor);
}

/** Where the period's plan figures come from, month by month, in one sentence. */
function planSources(ctx: CostContext): string {
  const { w, ledger, locale } = ctx;
  const month = (m: string) => formatMonth(`${m}-01`, locale);
  const fromInvoices = ledger.filter((m) => m.plan.source === 'invoice');
  const parts: string[] = [];
  if (fromInvoices.length) parts.push(w('notes.planFromInvoices', { numbers: fromInvoices.flatMap((m) => m.plan.issued.map((f) => f.invoice.invoice_number)).join(', ') }));
  for (const m of ledger) {
    if (m.plan.source === 'current') parts.push(`${month(m.month)}: ${w('planSource.current')}`);
    else if (m.plan.source === 'none') parts.push(`${month(m.month)}: ${w(`planReason.${m.plan.reason!.key}`, m.plan.reason!.params)}`);
    else if (m.plan.reason) parts.push(`${month(m.month)}: ${w(`planReason.${m.plan.reason.key}`, m.plan.reason.params)}`);
  }
  return parts.join(' ');
}

/** What was invoiced in the period: net, VAT and total per currency (the Invoices sheet's totals), and in DKK. */
function invoicedBlock(ctx: CostContext, lines: SummaryLines): void {
  const { w, data, layout } = ctx;
  lines.block();
  lines.push({ cells: [w('summary.invoicedHeading')], style: 'heading' });
  const invoices = invoicesInPeriod(data, ctx.months);
  const records = new Map((data.invoiceRecords ?? []).map((r) => [r.id, invoiceFigures(r, ctx.rates)]));
  const currencies = [...new Set(invoices.map((i) => i.currency))].sort();
  const totalsRow = (k: number) => layout.invoicesRows + 2 + k;
  const ref = (col: number, r: number) => `${quote(layout.sheets.invoices)}!${columnLetter(col)}${r}`;
  currencies.forEach((currency, k) => {
    const issued = invoices.filter((i) => isCounted(i, data) && i.currency === currency);
    const sum = (pick: (id: string, total: number) => number | null) => kroner(issued.reduce((a, i) => a + (pick(i.id, i.total_cents) ?? 0), 0));
    const cell = (col: number, result: number) => ({ formula: ref(col, totalsRow(k)), result });
    const has = issued.every((i) => records.has(i.id));
    if (has) {
      lines.push({ cells: [w('summary.invoicedNet', { currency }), cell(INVOICE_COLUMNS.net, sum((id) => records.get(id)!.net.minor)), null, null, ''], kinds: KINDS });
      lines.push({ cells: [w('summary.invoicedVat', { currency }), cell(INVOICE_COLUMNS.vat, sum((id) => records.get(id)!.vat.minor)), null, null, ''], kinds: KINDS });
    }
    lines.push({ cells: [w('summary.invoicedGross', { currency }), cell(INVOICE_COLUMNS.gross, sum((_, total) => total)), null, null, ''], kinds: KINDS, style: 'total' });
  });
  if (hasDkkTotals(invoices, records)) {
    const r = totalsRow(currencies.length);
    const issued = invoices.filter((i) => isCounted(i, data));
    const sum = (pick: (id: string) => number | null) => kroner(issued.reduce((a, i) => a + (pick(i.id) ?? 0), 0));
    const gross = (id: string) => records.get(id)?.gross.dkkMinor ?? null;
    // The currencies of the invoices left out, as they are (EUR, or USD without a rate), never assumed.
    const without = [...new Set(issued.filter((i) => records.get(i.id)?.dkkBasis === null).map((i) => i.currency))].sort();
    lines.push({ cells: [w('summary.invoicedNetDkk'), { formula: ref(INVOICE_COLUMNS.netDkk, r), result: sum((id) => records.get(id)?.net.dkkMinor ?? null) }, null, null, without.length ? w('notes.invoiceDkkPartial', { currency: without.join('/') }) : ''], kinds: KINDS });
    lines.push({ cells: [w('summary.invoicedGrossDkk'), { formula: ref(INVOICE_COLUMNS.grossDkk, r), result: sum(gross) }, null, null, ''], kinds: KINDS });
  } else if (invoices.length) {
    // No invoice has a DKK figure (EUR has no rate): no DKK total rather than a 0.00.
    const foreign = [...new Set(invoices.filter((i) => i.currency !== 'DKK').map((i) => i.currency))];
    if (foreign.length) lines.push({ cells: [w('notes.invoiceNoDkk', { currency: foreign.join('/') })], style: 'note' });
  }
  if (!data.invoices) lines.push({ cells: [w('notes.invoicesWithheld', { reason: data.invoicesWithheld ?? '' })], style: 'note' });
  else if (invoices.length === 0) lines.push({ cells: [w('notes.noInvoices')], style: 'note' });
  if (invoices.some((i) => i.status === 'void')) lines.push({ cells: [w('notes.voidExcluded')], style: 'note' });
  if (invoices.some((i) => standingOf(i, data) === 'held_back')) lines.push({ cells: [w('notes.heldBackExcluded')], style: 'note' });
  lines.blank();
}

/** The sheets against each other: the months' DKK = the keys' DKK = the days' DKK. */
function sheetsBlock(ctx: CostContext, lines: SummaryLines, monthsMinor: number): void {
  const { w, layout } = ctx;
  lines.block();
  lines.push({ cells: [w('summary.reconciliationHeading')], style: 'heading' });
  const keysMinor = ctx.keys.allocatedMinor;
  const daysMinor = ctx.daysMinor.reduce<number>((a, d) => a + (d ?? 0), 0);
  // A sheet without data rows adds up to 0, written as a number: a SUM over "row 2 to row 1"
  // would reach into that sheet's header and totals row.
  const sumOver = (sheet: string, column: number, rows: number, minor: number): CellInput =>
    rows === 0 ? kroner(minor) : { formula: `SUM(${rangeRef(sheet, column, 2, rows + 1)})`, result: kroner(minor) };
  const line = (label: string, value: CellInput, note = '', style?: 'total') => lines.push({ cells: [label, value, null, null, note], kinds: KINDS, ...(style ? { style } : {}) });
  const mRow = line(w('summary.monthsDkk'), sumOver(layout.sheets.months, MONTH_COLUMNS.dkk, layout.monthsRows, monthsMinor), w('notes.monthsDkk'));
  const kRow = line(w('summary.keysDkk'), sumOver(layout.sheets.keys, layout.keysDkkColumn, layout.keysRows, keysMinor), w('notes.keysDkk'));
  line(w('summary.keysDifference'), { formula: `ROUND(B${mRow}-B${kRow},2)`, result: kroner(monthsMinor - keysMinor) }, '', 'total');
  const dRow = line(w('summary.daysDkk'), sumOver(layout.sheets.days, 3, layout.daysRows, daysMinor), w('notes.daysDkk'));
  line(w('summary.daysDifference'), { formula: `ROUND(B${mRow}-B${dRow},2)`, result: kroner(monthsMinor - daysMinor) }, '', 'total');
}
