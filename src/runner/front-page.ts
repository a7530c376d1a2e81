import { readFileSync } from 'node:fs';
import { Decimal } from '../money/decimal.js';
import { formatCount, formatDecimalMoney, formatMoney, formatMonth, getLocale, t, tn, type Locale } from '../locale/index.js';
import { renderHtml } from '../locale/translate.js';
import { costChart, monthAxis, type CostBar } from './_page-charts.js';
import { cspHash, FILTER_SCRIPT } from './_page-filter.js';
import { indexFiles, linkTo } from './_page-links.js';
import { orgPageContext, orgRows, totalsView } from './_page-org.js';
import { partLine, problemLines } from './_problem-lines.js';
import { costTotals, invoicesOf, issuedTotalInDkk, summarize } from './_run-figures.js';
import type { Manifest, ManifestFile, OrgOutcome, PartOutcome } from './manifest.js';

const TEMPLATE_URL = new URL('../../templates/runner/index.html.hbs', import.meta.url);
const CSS_URL = new URL('../../templates/runner/index.css', import.meta.url);
let template: string | undefined;
let css: string | undefined;

/** What the front page is made from: the manifest without its counts, and every file it lists but the page. */
export interface FrontPageInput {
  manifest: Omit<Manifest, 'files' | 'summary'>;
  files: readonly ManifestFile[];
}

interface AttentionLine {
  /** `#o<index>`: the organization's rows; null for the run's own parts (the partner workbook). */
  href: string | null;
  name: string;
  what: string;
}

// The checks that need a person: what was not made and why, invoices that do not add up,
// usage not shared, estimated rates. Each line links to the organization's rows.
function attention(orgs: readonly OrgOutcome[], partner: PartOutcome | null, locale: Locale) {
  const groups = { notMade: [] as AttentionLine[], notShared: [] as AttentionLine[], findings: [] as AttentionLine[], estimated: [] as AttentionLine[] };
  orgs.forEach((o, i) => {
    const org = `#o${i}`;
    // Usage not shared: the cost workbook skipped for it (nothing to book from), or made without it.
    const isNotShared = (p: PartOutcome) => p.part === 'cost_workbook' && (p.status === 'skipped' ? p.http_status === 403 : p.without?.some((w) => w.records === 'usage' && w.http_status === 403));
    const notShared = o.parts.filter(isNotShared);
    const shared = o.parts.filter((p) => !isNotShared(p));
    if (notShared.length) for (const what of problemLines({ ...o, parts: notShared }, locale)) groups.notShared.push({ href: org, name: o.name, what });
    for (const what of problemLines({ ...o, parts: shared.map(({ without: _, ...p }) => p) }, locale)) groups.notMade.push({ href: org, name: o.name, what });
    if (o.status === 'interrupted' || o.status === 'not_run') groups.notMade.push({ href: org, name: o.name, what: t(locale, `runner.summary.status.${o.status}`) });
    for (const i of o.invoices) {
      for (const f of i.findings ?? []) groups.findings.push({ href: org, name: o.name, what: `${i.invoice_number}: ${f.message}${f.code ? ` (${f.code})` : ''}` });
    }
    if (o.cost?.rate_estimated) groups.estimated.push({ href: org, name: o.name, what: '' });
  });
  if (partner && partner.status !== 'ok') {
    groups.notMade.push({ href: null, name: t(locale, 'runner.summary.parts.partner_workbook'), what: partLine(partner, locale) });
  }
  const notes: Record<keyof typeof groups, string> = { notMade: '', notShared: '', findings: '', estimated: t(locale, 'runner.summary.rateEstimated') };
  return (Object.keys(groups) as Array<keyof typeof groups>)
    .filter((k) => groups[k].length)
    .map((k) => ({ title: t(locale, `runner.page.attention.${k}`), note: notes[k], lines: groups[k] }));
}

function runWide(files: readonly ManifestFile[], locale: Locale) {
  const own = [
    { path: 'manifest.json', kind: 'manifest' },
    ...files.filter((f) => f.org_id === null).map((f) => ({ path: f.path, kind: f.kind as string })),
  ];
  return own.map((f) => linkTo(f.path, f.kind, locale)).filter((l) => l !== null);
}

function costBars(orgs: readonly OrgOutcome[], locale: Locale, estimatedMark: string): CostBar[] {
  return orgs
    .filter((o) => o.cost?.total_dkk != null)
    .map((o) => {
      const value = new Decimal(o.cost!.total_dkk!);
      const estimated = o.cost!.rate_estimated;
      return { value, estimated, label: o.name, title: `${o.name}: ${formatDecimalMoney(o.cost!.total_dkk!, 'DKK', locale)}${estimated ? ` (${estimatedMark})` : ''}` };
    });
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
  const ctx = orgPageContext(files, m.month, locale);
  // The page counts itself among the files, as the manifest will.
  const counts = summarize(m.month, orgs, [...input.files], m.interrupted);
  const countRows = [
    ['organizations', counts.organizations], ['ok', counts.ok], ['skipped', counts.skipped], ['failed', counts.failed],
    ['interrupted', counts.interrupted_orgs], ['not_run', counts.not_run], ['files', counts.files + 1],
  ] as const;
  const inDkk = issuedTotalInDkk(invoicesOf(orgs));
  const cost = costTotals(orgs.map((o) => o.cost));
  const estimatedMark = w('estimatedMark');
  const bars = costBars(orgs, locale, estimatedMark);
  const chartNotes = bars.length < orgs.length ? [w('chartNotShown', { count: formatCount(orgs.length - bars.length, locale) })] : [];
  if (bars.length > 20) chartNotes.unshift(w('chartHover'));
  const title = t(locale, 'runner.summary.title', { month: formatMonth(m.month, locale) });
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
    counts: countRows.map(([key, value]) => ({ label: w(`counts.${key}`), value: formatCount(value, locale) })),
    runFiles: runWide(input.files, locale),
    h: { ...columns, ...words, estimatedMark },
    attention: attention(orgs, m.partner, locale),
    totals: totalsView([...invoicesOf(orgs)], locale),
    inDkk: inDkk.invoices ? { invoices: inDkk.invoices, total: formatDecimalMoney(inDkk.dkk, 'DKK', locale) } : null,
    notConverted: inDkk.notConverted.length ? w('notConverted', { list: inDkk.notConverted.map((c) => w('notConvertedItem', { count: c.invoices, currency: c.currency })).join(', ') }) : '',
    costTotals: cost.known
      ? {
          usage: formatDecimalMoney(cost.usage, 'DKK', locale),
          plan: formatMoney(cost.planCents, 'DKK', locale),
          total: formatDecimalMoney(cost.total, 'DKK', locale),
          estimated: cost.estimated,
          note: cost.unknown ? w('costTotalsNote', { count: formatCount(cost.unknown, locale) }) : '',
        }
      : null,
    chart: bars.length ? costChart(bars, locale, w('h.chart')) : '',
    chartNotes,
    monthAxis: orgs.some((o) => o.cost?.months?.length) ? monthAxis(m.month, locale) : '',
    orgRows: orgs.map((o, i) => orgRows(o, i, ctx)).join(''),
    footer: w('footer'),
  });
}
