import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { formatDecimalMoney, formatMoney, formatMonth, getLocale, render, t, type Locale } from '../locale/index.js';
import { mdText } from './_markdown.js';
import type { CostInDkk, Manifest, OrgOutcome, PartOutcome } from './manifest.js';

const TEMPLATE_URL = new URL('../../templates/runner/summary.md.hbs', import.meta.url);
let template: string | undefined;

/** Totals of the issued (not void) invoices per currency, e.g. `DKK 1,250.00; EUR 80.00`. */
function totalsByCurrency(orgs: OrgOutcome[], locale: Locale): string {
  const sums = new Map<string, bigint>();
  for (const o of orgs) for (const i of o.invoices) if (i.status === 'issued') sums.set(i.currency, (sums.get(i.currency) ?? 0n) + BigInt(i.total_cents));
  return [...sums.keys()].sort().map((c) => formatMoney(Number(sums.get(c)), c, locale)).join('; ');
}

function costView(cost: CostInDkk | null, locale: Locale) {
  if (!cost) return null;
  const unknown = t(locale, 'runner.summary.notKnown');
  const dkk = (v: string | null) => (v === null ? unknown : formatDecimalMoney(new Decimal(v), 'DKK', locale));
  let note = '';
  if (cost.usage_dkk === null && cost.usage_usd !== null) note = t(locale, 'runner.summary.noRate', { usd: formatDecimalMoney(new Decimal(cost.usage_usd), 'USD', locale) });
  else if (cost.rate_estimated) note = t(locale, 'runner.summary.rateEstimated');
  return {
    usage: dkk(cost.usage_dkk),
    plan: cost.plan_dkk_cents === null ? unknown : formatMoney(cost.plan_dkk_cents, 'DKK', locale),
    total: dkk(cost.total_dkk),
    note,
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
  const notes: string[] = [];
  for (const p of o.parts) {
    if (p.status === 'ok') continue;
    const key = p.status === 'skipped' ? 'runner.summary.partSkipped' : 'runner.summary.partFailed';
    notes.push(t(locale, key, { part: t(locale, `runner.summary.parts.${p.part}`), reason: mdText(p.reason ?? '') }));
  }
  if (o.status === 'failed' && o.parts.length === 0 && o.error) notes.push(t(locale, 'runner.summary.orgFailed', { reason: mdText(o.error) }));
  notes.push(...einvoiceNotes(o, locale));
  const cost = costView(o.cost, locale);
  // Invoices not fetched (skipped, failed, not run) are not known to be none.
  const invoicesKnown = o.parts.some((p) => p.part === 'invoices' && p.status === 'ok');
  const status = o.status === 'skipped' && !o.parts.some((p) => p.status === 'ok') ? 'skipped_all' : o.status;
  return {
    name: mdText(o.name),
    id: mdText(o.org_id),
    folder: mdText(`${o.folder}/`),
    status: t(locale, `runner.summary.status.${status}`),
    invoiceCount: invoicesKnown || o.invoices.length > 0 ? String(o.invoices.length) : '–',
    invoicesKnown,
    voidCount: invoicesKnown || o.invoices.length > 0 ? String(o.invoices.filter((i) => i.status === 'void').length) : '–',
    totals: totalsByCurrency([o], locale) || '–',
    costTotal: cost?.total ?? '–',
    notes,
    invoices: o.invoices.map((i) => ({
      number: mdText(i.invoice_number),
      status: t(locale, `runner.summary.invoiceStatus.${i.status}`),
      period: formatMonth(i.period_start, locale),
      total: formatMoney(i.total_cents, i.currency, locale),
    })),
    cost,
  };
}

function partnerNote(p: PartOutcome | null, locale: Locale): string {
  if (!p) return '';
  if (p.status === 'ok') return 'partner-status.xlsx';
  const key = p.status === 'skipped' ? 'runner.summary.partSkipped' : 'runner.summary.partFailed';
  return t(locale, key, { part: t(locale, 'runner.summary.parts.partner_workbook'), reason: mdText(p.reason ?? '') });
}

/**
 * The run's `summary.md` for an accountant: per organization its invoices and totals by
 * currency (void ones listed, not counted), cost in DKK, and what was skipped or failed and why.
 * Pure: everything comes from the manifest; API text is escaped so it stays text.
 */
export function renderSummary(manifest: Omit<Manifest, 'files' | 'summary'>, language = 'en'): string {
  const locale = getLocale(language);
  template ??= readFileSync(TEMPLATE_URL, 'utf8');
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const columns = (locale.runner as { summary: { columns: Record<string, string> } }).summary.columns;
  return render(template, {
    title: s('title', { month: formatMonth(manifest.month, locale) }),
    intro: s('intro', {
      count: manifest.organizations.length,
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
    grandTotals: totalsByCurrency(manifest.organizations, locale),
    orgs: manifest.organizations.map((o) => orgView(o, locale)),
    partner: partnerNote(manifest.partner, locale),
  });
}
