import { readFileSync } from 'node:fs';
import { Decimal } from '../../money/index.js';
import { formatCount, formatMoney, formatMonth, getLocale, t, tn, type Locale } from '../../locale/index.js';
import { renderHtml } from '../../locale/index.js';
import { currencyRows, dkkView, runCostView } from './_figures-view.js';
import { costChart, monthAxis, type CostBar } from './_page-charts.js';
import { cspHash, FILTER_SCRIPT } from './_page-filter.js';
import { answersLast, indexFiles, linkTo } from './_page-links.js';
import { orgPageContext, orgRows } from './_page-org.js';
import { einvoiceNotMade, partLine, problemLines } from './_problem-lines.js';
import { heldBackLine, voidLine } from './_invoice-lines.js';
import { findingsOf } from './_finding-lines.js';
import { RUN_STATUSES, statusWord } from '../status/status.js';
import { runFigures, type RunFigures } from '../figures/run-figures.js';
import type { Manifest, ManifestFile, OrgOutcome, PartOutcome } from '../manifest/manifest.js';
import { booksView } from './_books-view.js';
import type { RunBooks } from '../figures/books.js';

const TEMPLATE_URL = new URL('../../../templates/runner/index.html.hbs', import.meta.url);
const CSS_URL = new URL('../../../templates/runner/index.css', import.meta.url);
let template: string | undefined;
let css: string | undefined;

/** What the front page is made from: the manifest without its counts, and every file it lists but the page. */
export interface FrontPageInput {
  manifest: Omit<Manifest, 'files' | 'summary' | 'figures'>;
  files: readonly ManifestFile[];
  /** The run's figures; built from `manifest.organizations` when not given. */
  figures?: RunFigures;
  /** The run's books (runner/figures/books.ts): the draft VAT return's boxes; not shown when not given. */
  books?: RunBooks;
}

interface AttentionLine {
  /** `#o<index>`: the organization's rows; null for the run's own parts (the partner workbook). */
  href: string | null;
  name: string;
  what: string;
  /** A command to run, after the text (set as code). */
  code?: string;
}

type AttentionKey = 'notMade' | 'heldBack' | 'einvoicesNotMade' | 'notShared' | 'findings' | 'usageFindings' | 'void' | 'estimated' | 'answers';

// The checks that need a person: what was not made and why, invoices held back (checkInvoice
// finds an error: why, and the credit note that cancels each), e-invoices not made, the other
// findings, void invoices (the credit note that cancels each), usage not shared, estimated
// rates, and answers the client had to repair (not valid UTF-8).
// Each line links to the organization's rows; each group has an id the counts link to.
function attention(orgs: readonly OrgOutcome[], partner: PartOutcome | null, locale: Locale) {
  const groups: Record<AttentionKey, AttentionLine[]> = { notMade: [], heldBack: [], einvoicesNotMade: [], findings: [], usageFindings: [], void: [], notShared: [], estimated: [], answers: [] };
  orgs.forEach((o, i) => {
    const org = `#o${i}`;
    // Usage not shared: the cost workbook skipped for it (nothing to book from), or made without it.
    const isNotShared = (p: PartOutcome) => p.part === 'cost_workbook' && (p.status === 'skipped' ? p.http_status === 403 : p.without?.some((w) => w.records === 'usage' && w.http_status === 403));
    const notShared = o.parts.filter(isNotShared);
    const shared = o.parts.filter((p) => !isNotShared(p));
    if (notShared.length) for (const what of problemLines({ ...o, parts: notShared }, locale)) groups.notShared.push({ href: org, name: o.name, what });
    for (const what of problemLines({ ...o, parts: shared.map(({ without: _, ...p }) => p) }, locale)) groups.notMade.push({ href: org, name: o.name, what });
    if (o.status === 'interrupted' || o.status === 'not_run') groups.notMade.push({ href: org, name: o.name, what: statusWord(o.status, locale) });
    const line = (what: { text: string; command?: string }): AttentionLine => ({ href: org, name: o.name, what: what.text, ...(what.command ? { code: what.command } : {}) });
    for (const i of o.invoices) {
      // A held-back invoice's errors, its missing e-invoice and its credit note are said once, on its own line.
      if (i.held_back) groups.heldBack.push(line(heldBackLine(i, locale)));
      else if (i.einvoice === 'failed') groups.einvoicesNotMade.push({ href: org, name: o.name, what: einvoiceNotMade(i, locale) });
      // The group's note says what a void invoice asks (nothing); the line names it and the credit note that cancels it.
      if (i.status === 'void') groups.void.push(line(voidLine(i, locale)));
    }
    // The findings every surface lists (a held-back invoice's errors are on its own line above).
    for (const f of findingsOf(o, locale)) groups[f.kind === 'invoice' ? 'findings' : 'usageFindings'].push({ href: org, name: o.name, what: `${f.where}: ${f.message} [${f.code}]` });
    if (o.cost?.rate_estimated) groups.estimated.push({ href: org, name: o.name, what: '' });
    for (const what of o.notes ?? []) groups.answers.push({ href: org, name: o.name, what });
  });
  if (partner && partner.status !== 'ok') {
    groups.notMade.push({ href: null, name: t(locale, 'runner.summary.parts.partner_workbook'), what: partLine(partner, locale) });
  }
  // Where a line names a command, the group's note says where to run it and what NUMBER is, once.
  const howTo = (k: AttentionKey) => (groups[k].some((l) => l.code) ? ` ${t(locale, 'runner.summary.creditNote.howTo')}` : '');
  const notes: Partial<Record<AttentionKey, string>> = {
    heldBack: t(locale, 'runner.page.heldBackNote') + howTo('heldBack'),
    void: t(locale, 'runner.page.voidNote') + howTo('void'),
    estimated: t(locale, 'runner.summary.rateEstimated'),
  };
  return (Object.keys(groups) as AttentionKey[])
    .filter((k) => groups[k].length)
    .map((k) => ({ id: `check-${k}`, title: t(locale, `runner.page.attention.${k}`), note: notes[k] ?? '', lines: groups[k] }));
}

function runWide(files: readonly ManifestFile[], locale: Locale) {
  const own = [
    { path: 'manifest.json', kind: 'manifest' },
    // The run's own kept answers are the partner workbook's.
    ...answersLast(files.filter((f) => f.org_id === null)).map((f) => ({ path: f.path, kind: f.kind === 'api_answers' ? 'partner_api_answers' : f.kind })),
  ];
  return own.map((f) => linkTo(f.path, f.kind, locale)).filter((l) => l !== null);
}

function costBars(orgs: readonly OrgOutcome[], figures: RunFigures, locale: Locale, estimatedMark: string): CostBar[] {
  return orgs.flatMap((o, i) => {
    const cost = figures.organizations[i]!.cost;
    if (!cost || cost.total_dkk_cents === null) return [];
    const estimated = cost.rate_estimated;
    const value = new Decimal(cost.total_dkk_cents).dividedBy(100);
    return [{ value, estimated, label: o.name, title: `${o.name}: ${formatMoney(cost.total_dkk_cents, 'DKK', locale)}${estimated ? ` (${estimatedMark})` : ''}` }];
  });
}

// The run's counts: organizations by status word, files, and the invoices' e-invoices, held-back
// ones, findings (the lines listed as findings: invoices' first, else usage figures') and void
// ones, each of the last linking to its rows under "For a person to check".
function countRows(figures: RunFigures, files: number, locale: Locale, invoiceFindings: boolean) {
  const w = (key: string) => t(locale, `runner.page.counts.${key}`);
  const rows: Array<{ label: string; value: string; href?: string }> = [{ label: w('organizations'), value: formatCount(figures.organizations.length, locale) }];
  for (const s of RUN_STATUSES) if (s === 'ok' || s === 'failed' || figures.statuses[s]) rows.push({ label: statusWord(s, locale), value: formatCount(figures.statuses[s], locale) });
  rows.push({ label: w('files'), value: formatCount(files, locale) });
  // The e-invoices made are linked (XML) on their invoices' rows in the organizations' table.
  if (figures.einvoices_written || figures.einvoices_not_made) rows.push({ label: w('einvoices'), value: formatCount(figures.einvoices_written, locale), href: '#orgs' });
  if (figures.held_back) rows.push({ label: w('heldBack'), value: formatCount(figures.held_back, locale), href: '#check-heldBack' });
  if (figures.einvoices_not_made) rows.push({ label: w('einvoicesNotMade'), value: formatCount(figures.einvoices_not_made, locale), href: '#check-einvoicesNotMade' });
  if (figures.findings) rows.push({ label: w('findings'), value: formatCount(figures.findings, locale), href: invoiceFindings ? '#check-findings' : '#check-usageFindings' });
  if (figures.void) rows.push({ label: w('void'), value: formatCount(figures.void, locale), href: '#check-void' });
  if (figures.credit_notes_to_make) rows.push({ label: w('creditNotesToMake'), value: formatCount(figures.credit_notes_to_make, locale) });
  return rows;
}

/**
 * The run's `index.html`: one self-contained page (inline CSS and SVG, no network, no script
 * needed) with the run, what needs a person, totals, the cost chart and every organization
 * with links to its files, all relative to the month folder. Pure: everything comes from the
 * manifest. Text from the API and the config is escaped by the template (`{{ }}`) or, in the
 * organizations' rows and the charts built in code, by `escapeHtml`; links are built only from
 * manifest paths (`runHref`).
 */
export function renderFrontPage(input: FrontPageInput, language = 'en'): string {
  const locale = getLocale(language);
  template ??= readFileSync(TEMPLATE_URL, 'utf8');
  css ??= readFileSync(CSS_URL, 'utf8');
  const { manifest: m } = input;
  const orgs = m.organizations;
  const w = (key: string, params?: Record<string, unknown>) => t(locale, `runner.page.${key}`, params);
  const columns = (locale.runner as { summary: { columns: Record<string, string> } }).summary.columns;
  const words = (locale.runner as { page: { h: Record<string, string> } }).page.h;
  const files = indexFiles(input.files);
  const figures = input.figures ?? runFigures(orgs);
  const ctx = orgPageContext(files, m.month, locale);
  const inDkk = dkkView(figures.in_dkk, locale);
  const estimatedMark = w('estimatedMark');
  const bars = costBars(orgs, figures, locale, estimatedMark);
  const chartNotes = bars.length < orgs.length ? [tn(locale, 'runner.page.chartNotShown', orgs.length - bars.length, { count: formatCount(orgs.length - bars.length, locale) })] : [];
  if (bars.length > 20) chartNotes.unshift(w('chartHover'));
  const title = t(locale, 'runner.summary.title', { month: formatMonth(m.month, locale) });
  const checks = attention(orgs, m.partner, locale);
  return renderHtml(template, {
    lang: locale.code,
    csp: `default-src 'none'; style-src ${cspHash(css)}; script-src ${cspHash(FILTER_SCRIPT)}; base-uri 'none'; form-action 'none'`,
    css,
    script: FILTER_SCRIPT,
    title,
    intro: tn(locale, 'runner.summary.intro', orgs.length, {
      started: m.started_at.slice(0, 19).replace('T', ' '),
      finished: m.finished_at.slice(0, 19).replace('T', ' '),
      version: m.tool.version,
    }),
    interrupted: m.interrupted ? t(locale, 'runner.summary.interrupted') : '',
    // The page counts itself among the files, as the manifest will.
    counts: countRows(figures, input.files.length + 1, locale, (checks.find((c) => c.id === 'check-findings')?.lines.length ?? 0) > 0),
    runFiles: runWide(input.files, locale),
    h: { ...columns, ...words, estimatedMark },
    attention: checks,
    totals: currencyRows(figures.totals, locale),
    inDkk: inDkk.row,
    notConverted: inDkk.notConverted,
    costTotals: runCostView(figures, locale),
    chart: bars.length ? costChart(bars, locale, w('h.chart')) : '',
    // The legend names the hatched bar only where a bar is hatched (a rate estimated).
    chartEstimated: bars.some((b) => b.estimated),
    chartNotes,
    books: input.books ? booksView(input.books, locale) : null,
    monthAxis: orgs.some((o) => o.cost?.months?.length) ? monthAxis(m.month, locale) : '',
    orgRows: orgs.map((o, i) => orgRows(o, figures.organizations[i]!, i, ctx)).join(''),
    footer: w('footer'),
  });
}
