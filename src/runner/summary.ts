import { readFileSync } from 'node:fs';
import { Decimal } from '../money/decimal.js';
import { formatDate, formatDecimalMoney, formatMoney, formatMonth, getLocale, render, t, tn, type Locale } from '../locale/index.js';
import { invoiceDkk } from '../report/invoice-figures.js';
import { mdText } from './_markdown.js';
import { partLine, problemLines } from './_problem-lines.js';
import { issuedTotals, statusKey } from './_run-figures.js';
import type { CostInDkk, InvoiceEntry, Manifest, OrgOutcome, PartOutcome } from './manifest.js';

const TEMPLATE_URL = new URL('../../templates/runner/summary.md.hbs', import.meta.url);
let template: string | undefined;

/** `DKK 1,250.00; EUR 80.00`: sums per currency of the issued (not void) invoices, `pick` of each; '' when none. */
function byCurrency(invoices: InvoiceEntry[], locale: Locale, pick: 'net' | 'vat' | 'total'): string {
  return issuedTotals(invoices).map((s) => formatMoney(Number(s[pick]), s.currency, locale)).join('; ');
}

/** The month's cost in DKK as the summary and the front page show it, with its note (no rate, estimated rate). */
export function costView(cost: CostInDkk | null, locale: Locale) {
  if (!cost) return null;
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const unknown = s('notKnown');
  const dkk = (v: string | null) => (v === null ? unknown : formatDecimalMoney(new Decimal(v), 'DKK', locale));
  const cents = (v: number | null | undefined) => (v === null || v === undefined ? unknown : formatMoney(v, 'DKK', locale));
  const notes: string[] = [];
  if (cost.usage_withheld) notes.push(s('usageWithheld'));
  else if (cost.usage_dkk === null && cost.usage_usd !== null) notes.push(s('noRate', { usd: formatDecimalMoney(new Decimal(cost.usage_usd), 'USD', locale) }));
  else if (cost.rate_estimated) notes.push(s('rateEstimated'));
  const source = cost.plan_source ?? 'current';
  notes.push(source === 'invoice' ? s('planFromInvoice', { numbers: mdText((cost.plan_invoices ?? []).join(', ')) }) : source === 'current' ? s('planToday') : s('planUnknown'));
  return {
    usage: dkk(cost.usage_dkk),
    overage: source === 'invoice' ? cents(cost.dev_overage_dkk_cents ?? 0) : cents(cost.dev_overage_dkk_cents),
    plan: cents(cost.plan_dkk_cents),
    total: dkk(cost.total_dkk),
    note: notes.join(' '),
  };
}

/** How many issued invoices got their e-invoice XML, and why any did not. */
function einvoiceNotes(o: OrgOutcome, locale: Locale): string[] {
  const issued = o.invoices.filter((i) => i.einvoice === 'written' || i.einvoice === 'failed');
  if (!issued.length) return [];
  const written = issued.filter((i) => i.einvoice === 'written').length;
  return [
    t(locale, 'runner.summary.einvoices', { written, issued: issued.length }),
    ...issued
      .filter((i) => i.einvoice === 'failed')
      .map((i) => t(locale, 'runner.summary.einvoiceFailed', { number: mdText(i.invoice_number), reason: mdText(i.einvoice_error ?? '') })),
  ];
}

function orgView(o: OrgOutcome, locale: Locale) {
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const notes = problemLines(o, locale).map(mdText);
  notes.push(...einvoiceNotes(o, locale));
  const cost = costView(o.cost, locale);
  // Invoices not fetched (skipped, failed, not run) are not known to be none.
  const invoicesKnown = o.parts.some((p) => p.part === 'invoices' && p.status === 'ok');
  const known = invoicesKnown || o.invoices.length > 0;
  const status = statusKey(o);
  const money = (v: number | null | undefined, currency: string) => (v === null || v === undefined ? '–' : formatMoney(v, currency, locale));
  return {
    name: mdText(o.name),
    id: mdText(o.org_id),
    folder: mdText(`${o.folder}/`),
    status: s(`status.${status}`),
    invoiceCount: known ? String(o.invoices.length) : '–',
    invoicesKnown,
    voidCount: known ? String(o.invoices.filter((i) => i.status === 'void').length) : '–',
    net: byCurrency(o.invoices, locale, 'net') || '–',
    gross: byCurrency(o.invoices, locale, 'total') || '–',
    costTotal: cost?.total ?? '–',
    notes,
    showDkk: o.invoices.some((i) => i.currency !== 'DKK'),
    invoices: o.invoices.map((i) => ({
      number: mdText(i.invoice_number),
      status: s(`invoiceStatus.${i.status}`),
      period: formatMonth(i.period_start, locale),
      due: i.due_at ? formatDate(i.due_at, locale) : '–',
      net: money(i.subtotal_cents, i.currency),
      vat: money(i.vat_cents, i.currency),
      gross: money(i.total_cents, i.currency),
      dkk: money(invoiceDkk(i.total_cents, i), 'DKK'),
    })),
    cost,
  };
}

function partnerNote(p: PartOutcome | null, locale: Locale): string {
  if (!p) return '';
  if (p.status === 'ok') return 'partner-status.xlsx';
  return mdText(partLine(p, locale));
}

/**
 * The language of a run's summary when none is given: the one most of its organizations'
 * documents are in (ties and none: English).
 */
export function runLanguage(organizations: Array<{ language?: string }>): string {
  const counts = new Map<string, number>();
  for (const o of organizations) if (o.language) counts.set(o.language, (counts.get(o.language) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] === 'en' ? -1 : b[0] === 'en' ? 1 : a[0].localeCompare(b[0])));
  const top = ranked[0];
  return !top || (ranked[1] && ranked[1][1] === top[1]) ? 'en' : top[0];
}

/**
 * What `summary.md` shows, as texts already in `language` and its number format: per
 * organization its invoices (net excl. VAT, VAT, total incl. VAT, due date, DKK where a rate
 * exists; void ones listed, not counted), its cost excl. VAT in DKK (usage, dev overage, the
 * month's own plan) and what was skipped or failed and why. API text is Markdown-escaped.
 * Pure: everything comes from the manifest. Reusable by any other rendering of the run.
 */
export function summaryView(manifest: Omit<Manifest, 'files' | 'summary'>, language = 'en') {
  const locale = getLocale(language);
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const columns = (locale.runner as { summary: { columns: Record<string, string> } }).summary.columns;
  const all = manifest.organizations.flatMap((o) => o.invoices);
  return {
    title: s('title', { month: formatMonth(manifest.month, locale) }),
    intro: tn(locale, 'runner.summary.intro', manifest.organizations.length, {
      started: manifest.started_at.slice(0, 19).replace('T', ' '),
      finished: manifest.finished_at.slice(0, 19).replace('T', ' '),
      version: manifest.tool.version,
    }),
    interrupted: manifest.interrupted,
    interruptedNote: s('interrupted'),
    noInvoices: s('noInvoices'),
    invoicesNotFetched: s('invoicesNotFetched'),
    footer: s('footer'),
    h: columns,
    grandNet: byCurrency(all, locale, 'net'),
    grandGross: byCurrency(all, locale, 'total'),
    orgs: manifest.organizations.map((o) => orgView(o, locale)),
    partner: partnerNote(manifest.partner, locale),
  };
}

/** The run's `summary.md` (see `summaryView`) in `language`. */
export function renderSummary(manifest: Omit<Manifest, 'files' | 'summary'>, language = 'en'): string {
  template ??= readFileSync(TEMPLATE_URL, 'utf8');
  return render(template, summaryView(manifest, language));
}
