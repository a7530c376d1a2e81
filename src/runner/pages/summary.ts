import { readFileSync } from 'node:fs';
import { Decimal } from '../../money/index.js';
import { formatDate, formatDecimalMoney, formatMoney, formatMonth, formatNumber, getLocale, render, t, tn, type Locale } from '../../locale/index.js';
import { findingsOf, findingLineText } from './_finding-lines.js';
import { currencyRows, dkkView, invoiceDkkView, orgCostView, perCurrency, runCostView } from './_figures-view.js';
import { mdText } from './_markdown.js';
import { statusWord } from '../status/status.js';
import { einvoiceNotMade, partLine, problemLines } from './_problem-lines.js';
import { heldBackLine, voidLine, type ActionLine } from './_invoice-lines.js';
import { runFigures, type OrgFigures, type RunFigures } from '../figures/run-figures.js';
import { booksView } from './_books-view.js';
import type { RunBooks } from '../figures/books.js';
import type { CostInDkk, Manifest, ManifestFile, OrgOutcome, PartOutcome } from '../manifest/manifest.js';
import { INVOICE_STATUS_TEXT, invoiceStatusKey } from './_invoice-status.js';
import { invoicesRead } from '../figures/_invoices-read.js';

const TEMPLATE_URL = new URL('../../../templates/runner/summary.md.hbs', import.meta.url);
let template: string | undefined;

/** Why a cost figure is what it is: usage withheld, no rate or an estimated rate, and where the plan comes from. */
export function costNote(cost: CostInDkk | null, locale: Locale, invoices: ReadonlyArray<{ invoice_number: string; currency: string }> = []): string {
  if (!cost) return '';
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const notes: string[] = [];
  if (cost.usage_withheld) notes.push(s('usageWithheld'));
  else if (cost.usage_dkk === null && cost.usage_usd !== null) {
    const contradicted = cost.findings?.some((f) => f.code === 'dkk_spend_implausible');
    notes.push(s(contradicted ? 'dkkContradicted' : 'noRate', { usd: formatDecimalMoney(new Decimal(cost.usage_usd), 'USD', locale) }));
  }
  else if (cost.rate_estimated) notes.push(s('rateEstimated'));
  const source = cost.plan_source ?? 'current';
  notes.push(source === 'invoice' ? s('planFromInvoice', { numbers: (cost.plan_invoices ?? []).join(', ') }) : source === 'current' ? s('planToday') : s('planUnknown'));
  // A plan invoice not in DKK: its DKK is the invoice's net in DKK over its lines (vat/dkk-conversion.ts splitDkk), as the journal posts it.
  if (source === 'invoice' && invoices.some((i) => i.currency !== 'DKK' && (cost.plan_invoices ?? []).includes(i.invoice_number))) notes.push(s('planConverted'));
  return notes.join(' ');
}

/**
 * The usage's USD, the rate it reached DKK at, where the rate comes from (the service's stored or
 * estimated rate of the month, monthly-usage) and its month: the one figure not in DKK behind
 * the cost; '' without usage in USD. On summary.md; the front page shows only the DKK.
 */
export function usageRateNote(cost: CostInDkk | null, locale: Locale, month: string): string {
  if (!cost || cost.usage_dkk === null || cost.usage_usd === null || new Decimal(cost.usage_usd).isZero()) return '';
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const usd = new Decimal(cost.usage_usd);
  const rate = new Decimal(cost.usage_dkk).dividedBy(usd);
  // The USD as the service gave it, every decimal: rounded to cents, USD × rate would miss the DKK
  // shown beside it (144.13 × 6.8512 = 987.46, where 144.132351 × 6.8512 = 987.4796 is 987.48).
  return s('usageRate', {
    usd: formatDecimalMoney(usd, 'USD', locale, Math.max(2, usd.decimalPlaces())), rate: formatNumber(rate, locale, Math.min(6, Math.max(4, rate.decimalPlaces()))),
    kind: s(cost.rate_estimated ? 'usageRateEstimated' : 'usageRateStored'), month: formatMonth(month, locale),
  });
}

/** How many issued invoices (not held back) got their e-invoice XML, and why any did not. */
function einvoiceNotes(o: OrgOutcome, locale: Locale): string[] {
  const issued = o.invoices.filter((i) => (i.einvoice === 'written' || i.einvoice === 'failed') && !i.held_back);
  if (!issued.length) return [];
  const written = issued.filter((i) => i.einvoice === 'written').length;
  return [
    t(locale, 'runner.summary.einvoices', { written, issued: issued.length }),
    ...issued.filter((i) => i.einvoice === 'failed').map((i) => mdText(einvoiceNotMade(i, locale))),
  ];
}

function orgView(o: OrgOutcome, f: OrgFigures, folders: ReadonlySet<string> | null, locale: Locale, month: string) {
  const notes = [...problemLines(o, locale), ...(o.notes ?? [])].map(mdText);
  notes.push(...einvoiceNotes(o, locale));
  notes.push(...findingsOf(o, locale).map((f) => mdText(findingLineText(f, locale))));
  // Invoices not fetched (skipped, failed, not run) are not known to be none.
  const invoicesKnown = invoicesRead(o);
  const known = invoicesKnown || o.invoices.length > 0;
  const money = (v: number | bigint | null | undefined, currency: string) => (v === null || v === undefined ? '–' : formatMoney(v, currency, locale));
  const cost = orgCostView(f.cost, locale);
  return {
    name: mdText(o.name),
    id: mdText(o.org_id),
    // A folder is named only when the run has a file in it.
    folder: folders === null || folders.has(o.org_id) ? mdText(`${o.folder}/`) : '',
    status: statusWord(f.status, locale),
    // The invoices its amounts count (issued, not held back); void ones have their own column.
    invoiceCount: known ? String(f.counted) : '–',
    invoicesKnown,
    voidCount: known ? String(f.void) : '–',
    net: perCurrency(f.totals, 'net_cents', locale).join('; ') || '–',
    gross: perCurrency(f.totals, 'total_cents', locale).join('; ') || '–',
    costTotal: cost?.total ?? '–',
    notes,
    showDkk: o.invoices.some((i) => i.currency !== 'DKK'),
    // How each invoice not in DKK reached DKK (or why not), one line each under the table.
    rateNotes: o.invoices.flatMap((i) => {
      const note = i.currency === 'DKK' ? '' : invoiceDkkView(i, locale).note;
      return note ? [{ number: mdText(i.invoice_number), note: mdText(note) }] : [];
    }),
    invoices: o.invoices.map((i) => {
      const v = invoiceDkkView(i, locale);
      const foreign = i.currency !== 'DKK';
      return {
        number: mdText(i.invoice_number),
        status: t(locale, INVOICE_STATUS_TEXT[invoiceStatusKey(i)]),
        period: formatMonth(i.period_start, locale),
        // A void or held-back invoice asks nothing: no due date.
        due: i.due_at && i.status !== 'void' && !i.held_back ? formatDate(i.due_at, locale) : '–',
        net: money(i.subtotal_cents, i.currency),
        vat: money(i.vat_cents, i.currency),
        gross: money(i.total_cents, i.currency),
        dkk: v.total,
        rate: foreign ? v.rate : '',
        rateSource: foreign ? mdText(v.source) : '',
        rateDate: foreign ? v.date : '',
      };
    }),
    cost: cost ? { ...cost, note: mdText([usageRateNote(o.cost, locale, month), costNote(o.cost, locale, o.invoices)].filter(Boolean).join(' ')) } : null,
  };
}

/** A command as Markdown code (copied as it stands), or escaped text where a backtick would end the code. */
function mdCommand(command: string): string {
  return /[`\n\r]/.test(command) ? mdText(command) : `\`${command}\``;
}

/**
 * The run's lines for a person: each held-back invoice (why, and its way out) and each void one
 * (the credit note that cancels it, or the command that makes it), with its organization.
 */
function attention(manifest: Pick<Manifest, 'organizations'>, locale: Locale): { lines: string[]; notes: string[] } {
  const md = (name: string, line: ActionLine) => `${mdText(name)}: ${mdText(line.text)}${line.command ? ` ${mdCommand(line.command)}` : ''}`;
  const held = manifest.organizations.flatMap((o) => o.invoices.filter((i) => i.held_back).map((i) => ({ name: o.name, line: heldBackLine(i, locale) })));
  const voids = manifest.organizations.flatMap((o) => o.invoices.filter((i) => i.status === 'void').map((i) => ({ name: o.name, line: voidLine(i, locale) })));
  const all = [...held, ...voids];
  // What held back means, and where the commands run, said once under the lines.
  const notes = [
    ...(held.length ? [t(locale, 'runner.page.heldBackNote')] : []),
    ...(all.some((a) => a.line.command) ? [t(locale, 'runner.summary.creditNote.howTo')] : []),
  ];
  return { lines: all.map((a) => md(a.name, a.line)), notes: notes.map(mdText) };
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
 * What `summary.md` shows, as texts already in `language` and its number format: the run's
 * totals per currency (with all in DKK) and its cost in DKK by category, then per organization
 * its invoices (net excl. VAT, VAT, total incl. VAT, due date, DKK where a rate exists; void ones
 * listed, not counted), its cost excl. VAT in DKK (usage, each charged kind, the month's own
 * plan) and what was skipped or failed and why. Every figure is `figures`' (the run's one model);
 * `files` (the run's files) decides which folders are named. API text is Markdown-escaped.
 */
export function summaryView(manifest: Omit<Manifest, 'files' | 'summary' | 'figures'>, language = 'en', figures: RunFigures = runFigures(manifest.organizations), files?: readonly ManifestFile[], books?: RunBooks) {
  const locale = getLocale(language);
  const s = (key: string, params?: Record<string, unknown>) => t(locale, `runner.summary.${key}`, params);
  const columns = (locale.runner as { summary: { columns: Record<string, string> } }).summary.columns;
  const folders = files ? new Set(files.flatMap((f) => (f.org_id === null ? [] : [f.org_id]))) : null;
  const inDkk = dkkView(figures.in_dkk, locale);
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
    totalsNote: s('totalsNote'),
    h: { ...columns, estimatedMark: t(locale, 'runner.page.estimatedMark') },
    // The run-level tables' words, as the front page has them.
    p: (locale.runner as { page: { h: Record<string, string> } }).page.h,
    totals: currencyRows(figures.totals, locale),
    inDkk: inDkk.row,
    notConverted: inDkk.notConverted,
    runCost: runCostView(figures, locale),
    attention: attention(manifest, locale),
    attentionTitle: s('attention'),
    orgs: manifest.organizations.map((o, i) => orgView(o, figures.organizations[i]!, folders, locale, manifest.month)),
    partner: partnerNote(manifest.partner, locale),
    // The draft VAT return and the journal's sums (runner/figures/books.ts), when the run made its books.
    books: books ? booksView(books, locale, mdText) : null,
  };
}

/** The run's `summary.md` (see `summaryView`) in `language`. */
export function renderSummary(manifest: Omit<Manifest, 'files' | 'summary' | 'figures'>, language = 'en', figures?: RunFigures, files?: readonly ManifestFile[], books?: RunBooks): string {
  template ??= readFileSync(TEMPLATE_URL, 'utf8');
  return render(template, summaryView(manifest, language, figures, files, books));
}
