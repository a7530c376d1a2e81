import { formatDate, formatMoney, formatMonth, formatNumber, t, type Locale } from '../../locale/index.js';
import { lastDayOfMonth } from '../../report/period/index.js';
import { invoiceDkkView, orgCostView, perCurrency } from './_figures-view.js';
import { statusWord } from '../status/status.js';
import { escapeHtml as e } from './_html.js';
import { monthChart } from './_page-charts.js';
import { einvoiceNotMade, pdfNotMade, problemLines } from './_problem-lines.js';
import { answersLast, linksHtml, type FileIndex } from './_page-links.js';
import type { OrgFigures, RunStatus } from '../figures/run-figures.js';
import type { InvoiceEntry, MonthCost, OrgOutcome } from '../manifest/manifest.js';
import { costNote } from './summary.js';
import { INVOICE_STATUS_TEXT, invoiceStatusKey, type InvoiceStatusKey } from './_invoice-status.js';
import { invoicesRead } from '../figures/_invoices-read.js';

// Each organization's rows of the front page's table, built here rather than in the template:
// a page of a thousand organizations is made in a fraction of the time (see bench/README.md).
// Every text goes through `e` (escapeHtml); links only through `linksHtml`.

/** What every organization's rows share: the run's files, its month, and the words, looked up once. */
export interface OrgPageContext {
  files: FileIndex;
  runMonth: string;
  locale: Locale;
  status: (s: RunStatus) => string;
  invoiceStatus: Record<InvoiceStatusKey, string>;
  period: (i: InvoiceEntry) => string;
  noRate: string;
  estimatedMark: string;
  monthChart: string;
  noInvoices: string;
  invoicesNotFetched: string;
}

export function orgPageContext(files: FileIndex, runMonth: string, locale: Locale): OrgPageContext {
  const w = (key: string, params?: Record<string, unknown>) => t(locale, `runner.page.${key}`, params);
  const statuses = new Map<string, string>();
  const periods = new Map<string, string>();
  return {
    files,
    runMonth,
    locale,
    status: (key) => {
      let word = statuses.get(key);
      if (word === undefined) statuses.set(key, (word = e(statusWord(key, locale))));
      return word;
    },
    invoiceStatus: Object.fromEntries(Object.entries(INVOICE_STATUS_TEXT).map(([key, text]) => [key, e(t(locale, text))])) as Record<InvoiceStatusKey, string>,
    // A whole calendar month reads as the month; any other period as its two dates.
    period: (i) => {
      const key = `${i.period_start}/${i.period_end}`;
      let text = periods.get(key);
      if (text === undefined) {
        const whole = i.period_start.slice(8, 10) === '01' && i.period_end === lastDayOfMonth(i.period_start);
        text = e(whole ? formatMonth(i.period_start, locale) : `${formatDate(i.period_start, locale)} – ${formatDate(i.period_end, locale)}`);
        periods.set(key, text);
      }
      return text;
    },
    noRate: w('noRate'),
    estimatedMark: w('estimatedMark'),
    monthChart: w('monthChart', { year: runMonth.slice(0, 4) }),
    noInvoices: t(locale, 'runner.summary.noInvoices'),
    invoicesNotFetched: t(locale, 'runner.summary.invoicesNotFetched'),
  };
}

function monthsChart(months: readonly MonthCost[], ctx: OrgPageContext): string {
  const { locale } = ctx;
  const text = (m: MonthCost) =>
    `${locale.format.monthsShort[Number(m.month.slice(5, 7)) - 1]} ${m.usage_dkk === null ? ctx.noRate : formatNumber(m.usage_dkk, locale, 0)}${m.rate_estimated ? ` (${ctx.estimatedMark})` : ''}`;
  return monthChart(ctx.runMonth, months, locale, `${ctx.monthChart}: ${months.map(text).join('; ')}`);
}

/** An organization's figures per currency, one line each (a cell of several currencies stacks rather than widens). */
function stacked(lines: string[]): string {
  return lines.length === 1 ? e(lines[0]!) : lines.map((l) => `<span class="cur">${e(l)}</span>`).join('');
}

/**
 * One organization as a `<tbody id="o<index>">` of the table: its row (name, id, status, issued
 * totals per currency, cost in DKK, its other files), a row per invoice (void ones marked, with
 * what cancels them; a PDF or an e-invoice not made says why), and a row with what was not made, the
 * cost's rows and the chart of its usage per month. Every figure is `f`'s (the run's model).
 */
export function orgRows(o: OrgOutcome, f: OrgFigures, index: number, ctx: OrgPageContext): string {
  const { locale, files } = ctx;
  const linked = new Set<string>();
  let invoiceRows = '';
  // How each invoice not in DKK reached DKK (rate, source, day, the law's day) or why not: a line under the organization.
  const rateNotes: string[] = [];
  for (const i of o.invoices) {
    for (const path of i.files) linked.add(path);
    let links = linksHtml(i.files.map((path) => ({ path, kind: files.kindOf.get(path) })), locale);
    if (i.pdf_error) links += `<span class="no-xml">${e(pdfNotMade(i, locale))}</span>`;
    // A held-back invoice's status says why it has no e-invoice (its line under "For a person to check" says it in full).
    if (i.einvoice === 'failed' && !i.held_back) links += `<span class="no-xml">${e(einvoiceNotMade(i, locale))}</span>`;
    let total = e(formatMoney(i.total_cents, i.currency, locale));
    if (i.currency !== 'DKK') {
      const v = invoiceDkkView(i, locale);
      total = `<span class="cur">${total}</span><span class="cur dkk">= ${e(v.total)}</span>`;
      if (v.note) rateNotes.push(`${i.invoice_number}: ${v.total}${v.rate !== '–' ? ` (${v.rate})` : ''}. ${v.note}`);
    }
    // Void and held-back invoices are counted in no total: their amounts are struck through.
    const cls = i.status === 'void' ? ' class="void"' : i.held_back ? ' class="held"' : '';
    invoiceRows +=
      `<tr${cls}><td>${e(i.invoice_number)}</td><td>${ctx.invoiceStatus[invoiceStatusKey(i)]}</td><td>${ctx.period(i)}</td>` +
      `<td>${e(formatMoney(i.subtotal_cents, i.currency, locale))}</td><td>${e(formatMoney(i.vat_cents, i.currency, locale))}</td><td>${total}</td><td></td><td>${links}</td></tr>`;
  }
  const own = answersLast((files.byOrg.get(o.org_id) ?? []).filter((file) => !linked.has(file.path)));
  const cost = orgCostView(f.cost, locale);
  const estimated = f.cost?.rate_estimated === true;
  const head =
    `<tr class="org"><th>${e(o.name)} <span class="code">${e(o.org_id)}</span></th><td>${ctx.status(f.status)}</td><td></td>` +
    `<td>${stacked(perCurrency(f.totals, 'net_cents', locale))}</td><td>${stacked(perCurrency(f.totals, 'vat_cents', locale))}</td><td>${stacked(perCurrency(f.totals, 'total_cents', locale))}</td>` +
    `<td>${e(cost?.total ?? '–')}${estimated ? ` <span class="mark">${e(ctx.estimatedMark)}</span>` : ''}</td><td>${linksHtml(own, locale)}</td></tr>`;
  const notes = [...problemLines(o, locale), ...(o.notes ?? [])];
  if (!o.invoices.length) notes.push(invoicesRead(o) ? ctx.noInvoices : ctx.invoicesNotFetched);
  let more = notes.map((n) => `<p>${e(n)}</p>`).join('') + rateNotes.map((n) => `<p class="rate">${e(n)}</p>`).join('');
  if (cost) {
    // The estimated rate is marked beside the cost and explained once, under "For a person to check".
    const note = costNote(o.cost, locale, o.invoices);
    const line = cost.rows.map((r) => `${r.label}: ${r.amount}`).join(' · ');
    more += `<div class="cost"><p>${e(line)}${note && !estimated ? ` · ${e(note)}` : ''}</p>${o.cost?.months?.length ? monthsChart(o.cost.months, ctx) : ''}</div>`;
  }
  return `<tbody id="o${index}">${head}${invoiceRows}${more ? `<tr class="more"><td colspan="8">${more}</td></tr>` : ''}</tbody>\n`;
}
