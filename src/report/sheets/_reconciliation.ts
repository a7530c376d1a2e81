import { Decimal } from '../../money/index.js';
import { formatMonth, formatNumber } from '../../locale/index.js';
import { formatMinor } from '../../money/index.js';
import { subtotalNotItsLines } from '../../model/index.js';
import type { CellInput, Formula } from '../_columns.js';
import { kroner, usageGap, type CostContext } from '../_context.js';
import type { MonthLedger } from '../_ledger.js';
import type { ColumnKind } from '../_styles.js';
import type { InvoiceFigures } from '../figures/invoice-figures.js';
import { chargeOf } from '../month-dkk-cost.js';
import { absoluteRange, columnLetter } from '../xlsx/index.js';
import { INVOICE_COLUMNS } from './invoices.js';
import { MONTH_COLUMNS } from './months.js';
import { PLAN_COLUMNS } from './plan-cost.js';
import type { SummaryLines } from './_summary-lines.js';

/** The workbook's side and the invoice's side of one reconciliation line, in minor units of the invoice's currency. */
interface Pair {
  label: string;
  mine: { formula: string; minor: number } | null;
  theirs: { formula: string; minor: number };
}

const KINDS: ColumnKind[] = ['text', 'dkk', 'dkk', 'dkk', 'text'];

const cellOf = (v: { formula: string; minor: number } | null): CellInput => (v ? ({ formula: v.formula, result: kroner(v.minor) } satisfies Formula) : null);

/** The Summary's reconciliation of each month with its invoice, one block a month (see `reconcileMonth`). */
export function reconciliationBlocks(ctx: CostContext, lines: SummaryLines): void {
  // Consecutive months not reconciled for the same reason share one block (a year before the
  // first invoice is one line, not eleven).
  let run: { first: MonthLedger; last: MonthLedger; reason: string } | undefined;
  const flush = () => {
    if (!run) return;
    const month = (m: MonthLedger) => formatMonth(`${m.month}-01`, ctx.locale);
    const label = run.first === run.last ? month(run.first) : `${month(run.first)} – ${month(run.last)}`;
    lines.block();
    lines.push({ cells: [ctx.w('recon.headingNone', { month: label })], style: 'heading' });
    lines.push({ cells: [ctx.w('recon.notReconciled'), null, null, null, run.reason], kinds: KINDS });
    lines.blank();
    run = undefined;
  };
  ctx.ledger.forEach((m, i) => {
    if (m.plan.issued.length) {
      flush();
      reconcileMonth(ctx, lines, m, i + 2);
      return;
    }
    const reason = m.plan.source === 'current' ? ctx.w('recon.stillRunning') : ctx.w(`planReason.${m.plan.reason!.key}`, m.plan.reason!.params);
    if (run && run.reason === reason) run.last = m;
    else {
      flush();
      run = { first: m, last: m, reason };
    }
  });
  flush();
}

/**
 * One month against its issued invoice(s), line by line in the invoice's currency: usage (the
 * Months sheet's DKK, or USD for a USD invoice) + dev overage + plan (the Plan sheet's lines
 * from the invoice) = the invoice's net, each with the invoice's own figure and the difference
 * (0.00 when it agrees), then VAT and the total incl. VAT; below, in plain words, why it does
 * not agree. (A month without an issued invoice is said not to be reconciled, and why, above.)
 */
function reconcileMonth(ctx: CostContext, lines: SummaryLines, m: MonthLedger, monthRow: number): void {
  const { w, layout, locale } = ctx;
  const month = formatMonth(`${m.month}-01`, locale);
  const issued = m.plan.issued;
  lines.block();
  const currency = m.plan.currency;
  const numbers = issued.map((f) => f.invoice.invoice_number).join(', ');
  lines.push({ cells: [w('recon.heading', { numbers, month, currency: currency ?? issued.map((f) => f.invoice.currency).join('/') })], style: 'heading' });
  lines.push({ cells: [w('recon.columns.item'), w('recon.columns.workbook'), w('recon.columns.invoice'), w('recon.columns.difference'), w('recon.columns.explanation')], kinds: KINDS, style: 'header' });
  if (currency === null) {
    lines.push({ cells: [w('recon.notReconciled'), null, null, null, w('planReason.mixedCurrencies', m.plan.reason!.params)], kinds: KINDS });
    lines.blank();
    return;
  }
  const inv = (col: number) => issued.map((f) => `'${layout.sheets.invoices.replace(/'/g, "''")}'!${columnLetter(col)}${layout.invoiceRows.get(f.invoice.id)}`).join('+');
  const sum = (pick: (f: InvoiceFigures) => number) => issued.reduce((a, f) => a + pick(f), 0);
  const months = (col: number) => `'${layout.sheets.months.replace(/'/g, "''")}'!${columnLetter(col)}${monthRow}`;
  const theirs = {
    usage: { formula: inv(INVOICE_COLUMNS.usage), minor: sum((f) => f.usageLines.minor) },
    overage: { formula: inv(INVOICE_COLUMNS.devOverage), minor: sum((f) => f.devOverage.minor) },
    plan: { formula: inv(INVOICE_COLUMNS.subscription), minor: sum((f) => f.subscriptionLines.minor) },
    net: { formula: inv(INVOICE_COLUMNS.net), minor: sum((f) => f.net.minor) },
    vat: { formula: inv(INVOICE_COLUMNS.vat), minor: sum((f) => f.vat.minor) },
    gross: { formula: inv(INVOICE_COLUMNS.gross), minor: sum((f) => f.gross.minor) },
  };
  const c = m.conv;
  const usage: Pair['mine'] =
    c === null ? null
    : currency === 'DKK' ? (c.dkkMinor === null ? null : { formula: months(MONTH_COLUMNS.dkk), minor: c.dkkMinor })
    : currency === 'USD' ? { formula: `ROUND(${months(MONTH_COLUMNS.usd)},2)`, minor: c.usd.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber() }
    : null;
  const overageDkk = chargeOf(m.cost, 'dev_overage');
  const overage = currency === 'DKK' && overageDkk !== null ? { formula: months(MONTH_COLUMNS.devOverage), minor: overageDkk } : { ...theirs.overage };
  const planRange = (col: number) => absoluteRange(layout.sheets.planCost, columnLetter(col), 2, columnLetter(col), layout.planRows + 1);
  const planMinor = m.plan.totalMinor ?? 0;
  const plan = layout.planRows
    ? { formula: `SUMIFS(${planRange(PLAN_COLUMNS.lineTotal)},${planRange(PLAN_COLUMNS.month)},${months(MONTH_COLUMNS.month)})`, minor: planMinor }
    : { formula: '0', minor: 0 };
  const first = lines.next;
  const pairs: Pair[] = [
    { label: w('recon.usage'), mine: usage, theirs: theirs.usage },
    { label: w('recon.devOverage'), mine: overage, theirs: theirs.overage },
    { label: w('recon.plan'), mine: plan, theirs: theirs.plan },
  ];
  const net: Pair = {
    label: w('recon.net'),
    mine: usage ? { formula: `SUM(B${first}:B${first + 2})`, minor: usage.minor + overage.minor + plan.minor } : null,
    theirs: theirs.net,
  };
  const why = reasons(ctx, m, issued, { usage, plan, overage, theirs });
  // Without usage its line says so where the workbook's figure would be: never a made-up 0.
  const notShared = c === null ? ctx.w(`usageWithheld.value.${usageGap(ctx.data)}`) : null;
  for (const p of [...pairs, net]) {
    const diff = p.mine ? { formula: `ROUND(B${lines.next}-C${lines.next},2)`, result: kroner(p.mine.minor - p.theirs.minor) } : null;
    const explanation = p === pairs[0] ? why.usage : p === pairs[2] ? why.plan : p === net ? why.net : '';
    const mine = p.mine ? cellOf(p.mine) : p === pairs[0] ? notShared : null;
    lines.push({ cells: [p.label, mine, cellOf(p.theirs), diff, explanation], kinds: KINDS, style: p === net ? 'total' : undefined });
  }
  const rates = [...new Set(issued.map((f) => f.invoice.vat_rate_bps))];
  const vatLabel = rates.length === 1 ? w('recon.vat', { rate: formatNumber(new Decimal(rates[0]!).dividedBy(100), locale, rates[0]! % 100 ? 2 : 0) }) : w('recon.vatMixed');
  lines.push({ cells: [vatLabel, null, cellOf(theirs.vat), null, ''], kinds: KINDS });
  lines.push({ cells: [w('recon.gross'), null, cellOf(theirs.gross), null, ''], kinds: KINDS, style: 'total' });
  const agrees = net.mine !== null && net.mine.minor === net.theirs.minor && usage!.minor === theirs.usage.minor && plan.minor === theirs.plan.minor;
  lines.push({ cells: [w('recon.result'), null, null, null, agrees ? w('recon.agrees', { currency }) : why.summary], kinds: KINDS, style: agrees ? undefined : 'estimated' });
  lines.blank();
}

interface Sides {
  usage: Pair['mine'];
  plan: { minor: number };
  overage: { minor: number };
  theirs: Record<'usage' | 'overage' | 'plan' | 'net', { minor: number }>;
}

/** Plain-language reasons a month does not agree with its invoice; empty strings where it does. */
function reasons(ctx: CostContext, m: MonthLedger, issued: InvoiceFigures[], s: Sides): { usage: string; plan: string; net: string; summary: string } {
  const { w, locale } = ctx;
  const currency = m.plan.currency!;
  const fmt = (minor: number) => formatMinor(minor, locale.format.number);
  const c = m.conv;
  let usage = '';
  if (c === null) {
    usage = w('recon.reasons.usageWithheld', { reason: w(`usageWithheld.reason.${usageGap(ctx.data)}`) });
  } else if (!s.usage) {
    usage = currency === 'DKK' ? w('recon.reasons.noRate') : w('recon.reasons.noCurrencyRate', { currency });
  } else if (s.usage.minor !== s.theirs.usage.minor) {
    const parts: string[] = [];
    const invoiceRate = issued[0]!.invoice.usd_dkk_rate ?? null;
    const rateText = (r: Decimal) => formatNumber(r, locale, 4);
    if (currency === 'DKK' && c.estimated && invoiceRate) parts.push(w('recon.reasons.estimatedRate', { rate: rateText(c.rate!), invoiceRate: rateText(invoiceRate) }));
    else if (currency === 'DKK' && invoiceRate && c.rate && !invoiceRate.toDecimalPlaces(6).equals(c.rate.toDecimalPlaces(6))) {
      parts.push(w('recon.reasons.rateDiffers', { rate: rateText(c.rate), invoiceRate: rateText(invoiceRate) }));
    }
    // The USD the invoice covered: its usage over its rate (DKK invoices), or its usage itself (USD).
    const invoiceUsd = currency === 'USD' ? new Decimal(s.theirs.usage.minor).dividedBy(100) : invoiceRate ? new Decimal(s.theirs.usage.minor).dividedBy(100).dividedBy(invoiceRate) : null;
    if (invoiceUsd && c.usd.minus(invoiceUsd).abs().greaterThan('0.01')) {
      const key = c.usd.greaterThan(invoiceUsd) ? 'recon.reasons.usageAfter' : 'recon.reasons.usageLess';
      parts.push(w(key, { invoiceUsd: formatNumber(invoiceUsd, locale, 2), usd: formatNumber(c.usd, locale, 2) }));
    }
    if (parts.length === 0) parts.push(w('recon.reasons.usageDiffers'));
    usage = parts.join(' ');
  }
  // The invoice's columns are its lines (model/invoice-categories.ts); a record whose subtotals
  // are not its lines says so here (checkInvoice's category_subtotal names the field).
  const off = issued.map((f) => ({ f, off: subtotalNotItsLines(f.invoice) })).filter((x) => x.off);
  const planOff = off.find((x) => x.off!.field === 'subscription_subtotal_cents');
  const usageOff = off.find((x) => x.off!.field === 'usage_subtotal_cents');
  const plan = planOff ? w('recon.reasons.planLines', { lines: fmt(Number(planOff.off!.expected)), subtotal: fmt(planOff.f.invoice.subscription_subtotal_cents) }) : '';
  const fieldsSum = issued.reduce((a, f) => a + f.invoice.subscription_subtotal_cents + f.invoice.usage_subtotal_cents, 0);
  let net = '';
  if (fieldsSum !== s.theirs.net.minor) net = w('recon.reasons.netFields', { net: fmt(s.theirs.net.minor), sum: fmt(fieldsSum) });
  else if (usageOff) net = w('recon.reasons.usageFields', { lines: fmt(Number(usageOff.off!.expected)), subtotal: fmt(usageOff.f.invoice.usage_subtotal_cents) });
  else if (c === null) net = w('recon.reasons.netWithoutUsage');
  const summary = [usage, plan, net].filter(Boolean).join(' ') || w('recon.reasons.usageDiffers');
  return { usage, plan, net, summary };
}
