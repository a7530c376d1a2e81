/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The page.evaluate callbacks below run in the browser: the DOM types are for them.
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootGroup } from '../../src/cli/commands.js';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { startReferenceServer } from '../../src/server/index.js';
import { pdfText } from '../_pdf-text.js';
import { launch, openFile, type Browser } from './_browser.js';
import { describeWidths } from './_front-page-widths.js';
import { configFor, copySamples, readTokens, svc } from '../_harness/index.js';

// The month-end's index.html as a person sees it: opened from the file system in Debian's
// chromium, read back from the rendered page (text, links, computed styles, SVG geometry), with
// a watcher for dialogs, console errors and requests. Expected figures come from the invoice
// records the run saved and from the manifest, formatted here with Intl, not with our formatter.

let tmp: string;
let browser: Browser;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-front-page-'));
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await rm(tmp, { recursive: true, force: true });
});

type Lang = 'en' | 'da';

/** Money as each language writes it (da `31.740,28 DKK`, en `DKK 31,740.28`), by Intl. */
function money(major: Decimal.Value, currency: string, lang: Lang): string {
  const fixed = new Decimal(major).toFixed(2, Decimal.ROUND_HALF_UP);
  const amount = new Intl.NumberFormat(lang === 'da' ? 'da-DK' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fixed as unknown as number);
  return lang === 'da' ? `${amount} ${currency}` : `${currency} ${amount}`;
}
const cents = (minor: number, currency: string, lang: Lang) => money(new Decimal(minor).dividedBy(100), currency, lang);
/**
 * The demo's rates file read by hand (samples/rates/sample-ecb-rates-2026.csv, the ECB's layout):
 * the DKK column of the row of `day`, DKK per 1 EUR. The demo's one non-DKK invoice is in EUR,
 * to a business outside the EU, so its rate is the invoice date's (momsloven § 23, stk. 2).
 */
async function eurDkkOn(day: string): Promise<string> {
  const lines = (await readFile(new URL('../../samples/rates/sample-ecb-rates-2026.csv', import.meta.url), 'utf8')).split('\n');
  const header = lines[0]!.split(',');
  return lines.find((l) => l.startsWith(`${day},`))!.split(',')[header.indexOf('DKK')]!;
}

async function runDemo(lang: Lang): Promise<string> {
  const out = join(tmp, `demo-${lang}`);
  const { code } = await svc(['demo', '--out', out, '--language', lang], { root: rootGroup, env: { PATH: process.env.PATH }, cwd: tmp });
  expect(code).toBe(0);
  return join(out, '2026-10');
}

/** The demo's month folder in `lang`, run once for the file: several tests read each (none writes to it). */
const demos = new Map<Lang, Promise<string>>();
function demo(lang: Lang): Promise<string> {
  let dir = demos.get(lang);
  if (!dir) demos.set(lang, (dir = runDemo(lang)));
  return dir;
}

interface Row { cls: string; cells: string[]; struck: boolean[] }
interface Group { id: string; rows: Row[] }

/** The table of organizations as rendered: each tbody's rows, the text of each cell, and which cells are struck through. */
async function groups(page: import('playwright-core').Page): Promise<Group[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('#orgs tbody')].map((tb) => ({
      id: tb.id,
      rows: [...(tb as HTMLTableSectionElement).rows].map((r) => ({
        cls: r.className,
        cells: [...r.cells].map((c) => c.innerText.trim()),
        struck: [...r.cells].map((c) => getComputedStyle(c).textDecorationLine.includes('line-through')),
      })),
    })),
  );
}

/** Every link resolves: `#id` to an element, anything else to a file inside the month folder. Returns the files linked. */
async function checkLinks(page: import('playwright-core').Page, monthDir: string): Promise<Set<string>> {
  const links = await page.evaluate(() => [...document.querySelectorAll('a')].map((a) => ({ raw: a.getAttribute('href'), href: a.href, target: a.getAttribute('href')?.startsWith('#') ? !!document.getElementById(a.getAttribute('href')!.slice(1)) : null })));
  const linked = new Set<string>();
  for (const l of links) {
    expect(l.raw, 'every <a> has an href').not.toBeNull();
    if (l.raw!.startsWith('#')) {
      expect(l.target, l.raw!).toBe(true);
      continue;
    }
    const url = new URL(l.href);
    expect(url.protocol, l.raw!).toBe('file:');
    expect(url.search + url.hash, l.raw!).toBe('');
    const path = fileURLToPath(url);
    expect(path.startsWith(monthDir + sep), `${l.raw} stays in the run folder`).toBe(true);
    expect(existsSync(path) && statSync(path).isFile(), `${l.raw} is a file`).toBe(true);
    linked.add(path.slice(monthDir.length + 1).split(sep).join('/'));
  }
  return linked;
}

interface Bar { x: number; h: number; title: string; estimated: boolean; fill: string }

async function costBars(page: import('playwright-core').Page): Promise<Bar[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('svg.chart rect.bar')].map((r) => ({
      x: Number(r.getAttribute('x')),
      h: (r as SVGRectElement).getBBox().height,
      title: r.querySelector('title')?.textContent ?? '',
      estimated: r.classList.contains('est'),
      fill: getComputedStyle(r).fill,
    })),
  );
}

/** Each organization's month chart: the height of each month's bar (from its path), by tbody id. */
async function monthBars(page: import('playwright-core').Page): Promise<Record<string, { solid: number[]; estimated: number[] }>> {
  return page.evaluate(() => {
    const out: Record<string, { solid: number[]; estimated: number[] }> = {};
    for (const svg of document.querySelectorAll('#orgs tbody svg.mc')) {
      const heights = (p: Element | null) => [...(p?.getAttribute('d') ?? '').matchAll(/v(-?[\d.]+)/g)].map((m) => -Number(m[1]));
      out[svg.closest('tbody')!.id] = { solid: heights(svg.querySelector('path.mb:not(.est)')), estimated: heights(svg.querySelector('path.mb.est')) };
    }
    return out;
  });
}

function expectHeightsProportional(heights: number[], values: number[], slackPx: number): void {
  expect(heights.length).toBe(values.length);
  const hMax = Math.max(...heights);
  const vMax = Math.max(...values);
  heights.forEach((h, i) => expect(Math.abs(h - (hMax * values[i]!) / vMax), `bar ${i}: ${h} px for ${values[i]}`).toBeLessThanOrEqual(slackPx));
}

describe.each<[Lang, string, RegExp]>([
  ['en', 'Month-end run, October 2026', /^DKK /],
  ['da', 'Månedsafslutning, oktober 2026', / DKK$/],
])('the demo\'s index.html (%s)', (lang, title, dkkShape) => {
  it('shows the manifest\'s figures, links only to files of the run, and draws one bar per organization', async () => {
    const monthDir = await demo(lang);
    const manifest = JSON.parse(await readFile(join(monthDir, 'manifest.json'), 'utf8')) as Manifest;
    const entry = manifest.files.find((f) => f.path === 'index.html');
    expect(entry).toMatchObject({ kind: 'index_page', org_id: null });
    expect((await readFile(join(monthDir, 'index.html'))).length).toBe(entry!.size);

    const { page, incidents } = await openFile(browser, join(monthDir, 'index.html'));
    expect(await page.locator('h1').innerText()).toBe(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

    // The counts are the manifest's.
    const counts = await page.evaluate(() => [...document.querySelectorAll('dl.counts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent, d.querySelector('dd a')?.getAttribute('href') ?? null]));
    const s = manifest.summary;
    const w = lang === 'da'
      ? { orgs: 'Organisationer', ok: 'ok', skipped: 'sprunget over', failed: 'fejlede', files: 'Filer', einvoices: 'E-fakturaer', void: 'Annullerede fakturaer', creditNotes: 'Kreditnotaer at lave' }
      : { orgs: 'Organizations', ok: 'ok', skipped: 'skipped', failed: 'failed', files: 'Files', einvoices: 'E-invoices', void: 'Void invoices', creditNotes: 'Credit notes to make' };
    const voids = manifest.organizations.flatMap((o) => o.invoices).filter((i) => i.status === 'void').length;
    // The status words are stdout's and summary.md's; the void count links to the void invoices' lines.
    // The demo has no credit-note series: each void invoice's credit note is still to make (issue 36).
    expect(counts).toEqual([
      [w.orgs, String(s.organizations), null], [w.ok, String(s.ok), null], [w.skipped, String(s.skipped), null], [w.failed, String(s.failed), null],
      [w.files, String(s.files), null], [w.einvoices, String(s.einvoices), '#orgs'], [w.void, String(voids), '#check-void'], [w.creditNotes, String(voids), null],
    ]);
    expect(s.credit_notes_to_make).toBe(voids);

    // Each organization: its row, then a row per invoice with the record's net, VAT and total.
    const table = await groups(page);
    expect(table).toHaveLength(manifest.organizations.length);
    const dkkTotals: bigint[] = [];
    for (const [i, o] of manifest.organizations.entries()) {
      const { rows } = table[i]!;
      expect(rows[0]!.cls).toBe('org');
      expect(rows[0]!.cells[0]!.replace(/\s+/g, ' ')).toBe(`${o.name} ${o.org_id}`);
      if (o.cost?.total_dkk) {
        expect(rows[0]!.cells[6]).toBe(money(o.cost.total_dkk, 'DKK', lang));
        expect(rows[0]!.cells[6]).toMatch(dkkShape);
      } else if (o.cost) {
        // A cost whose total is not known (usage not shared) says so; no cost at all is a dash.
        expect(rows[0]!.cells[6]).toBe(lang === 'da' ? 'ukendt' : 'not known');
      } else expect(rows[0]!.cells[6]).toBe('–');
      if (o.parts.find((p) => p.part === 'cost_workbook')?.status === 'ok') expect(rows[0]!.cells[7]).toMatch(/\S/);
      for (const [k, inv] of o.invoices.entries()) {
        const record = JSON.parse(await readFile(join(monthDir, inv.files.find((f) => f.endsWith('.json'))!), 'utf8')) as { invoice_number: string; status: string; currency: string; subtotal_cents: number; vat_cents: number; total_cents: number; issued_at: string };
        const row = rows[k + 1]!;
        // An invoice not in DKK shows its DKK under its total: the total × the rate of its day, half up to the øre.
        const inDkk = record.currency === 'EUR' ? `\n= ${money(new Decimal(record.total_cents).times(await eurDkkOn(record.issued_at.slice(0, 10))).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP), 'DKK', lang)}` : '';
        expect(row.cells.slice(0, 1).concat(row.cells.slice(3, 6))).toEqual([
          record.invoice_number, cents(record.subtotal_cents, record.currency, lang), cents(record.vat_cents, record.currency, lang), `${cents(record.total_cents, record.currency, lang)}${inDkk}`,
        ]);
        // Void invoices are struck through (their figures) and counted nowhere.
        expect(row.struck.slice(3, 6)).toEqual(Array(3).fill(record.status === 'void'));
        expect(row.cells[7]).toContain('PDF');
        if (record.status === 'issued' && record.currency === 'DKK') dkkTotals.push(BigInt(record.total_cents));
      }
    }
    expect(table.flatMap((g) => g.rows).filter((r) => r.cls === 'void').length).toBe(manifest.organizations.flatMap((o) => o.invoices).filter((i) => i.status === 'void').length);

    // Totals by currency: issued DKK invoices summed by hand from the records.
    const totals = await page.evaluate(() => [...document.querySelectorAll('table.totals')[0]!.querySelectorAll('tbody tr')].map((r) => [...(r as HTMLTableRowElement).cells].map((c) => c.innerText)));
    const dkkRow = totals.find((r) => r[0] === 'DKK')!;
    expect(dkkRow[4]).toBe(cents(Number(dkkTotals.reduce((a, b) => a + b, 0n)), 'DKK', lang));

    // Every link goes to a file of the run; every file the manifest lists (but the page itself) is linked.
    const linked = await checkLinks(page, monthDir);
    // Each kept answer is reached from its unit's index (issue 38), which is linked.
    for (const f of manifest.files) if (f.kind !== 'index_page' && f.kind !== 'api_answer') expect(linked.has(f.path), f.path).toBe(true);
    expect(linked.has('manifest.json')).toBe(true);

    // The cost chart: one bar per organization with a known cost, highest first, heights in proportion.
    const withCost = manifest.organizations.filter((o) => o.cost?.total_dkk);
    const bars = await costBars(page);
    expect(bars).toHaveLength(withCost.length);
    const byValue = [...withCost].sort((a, b) => new Decimal(b.cost!.total_dkk!).comparedTo(a.cost!.total_dkk!));
    expect(bars.map((b) => b.title)).toEqual(byValue.map((o) => `${o.name}: ${money(o.cost!.total_dkk!, 'DKK', lang)}`));
    expect(bars.map((b) => b.x)).toEqual([...bars.map((b) => b.x)].sort((a, b) => a - b));
    expectHeightsProportional(bars.map((b) => b.h), byValue.map((o) => Number(o.cost!.total_dkk)), 0.05);

    // Each organization's usage per month, as its monthly-usage record gives it.
    const months = await monthBars(page);
    for (const [i, o] of manifest.organizations.entries()) {
      const rated = (o.cost?.months ?? []).filter((m) => m.usage_dkk !== null && Number(m.usage_dkk) > 0);
      if (!rated.length) continue;
      const drawn = months[`o${i}`]!;
      expect(drawn.solid.length + drawn.estimated.length).toBe(rated.length);
      expectHeightsProportional(drawn.solid, rated.filter((m) => !m.rate_estimated).map((m) => Number(m.usage_dkk)), 0.15);
    }
    expect(incidents).toEqual([]);
  }, 90_000);
});

describe('hostile names and texts', () => {
  it('show as text: no markup, no script, no link outside the run folder, and the checks list them', async () => {
    const data = await copySamples(join(tmp, 'hostile-data'));
    // October is the running month at an estimated rate.
    const meta = JSON.parse(await readFile(join(data, 'dataset.json'), 'utf8')) as { today: string; usd_dkk_rates: Record<string, string> };
    delete meta.usd_dkk_rates['2026-10'];
    await writeFile(join(data, 'dataset.json'), JSON.stringify({ ...meta, today: '2026-10-28' }));
    const edit = async (name: string, change: (inv: Record<string, any>) => void) => {
      const path = join(data, 'invoices', name);
      const inv = JSON.parse(await readFile(path, 'utf8')) as Record<string, any>;
      change(inv);
      await writeFile(path, JSON.stringify(inv));
    };
    await edit('kattegat-2026-10.json', (inv) => {
      inv.invoice_number = 'javascript:alert(6)';
      inv.lines[0].description = '<script>alert(5)</script> Core';
      inv.lines[0].line_total_cents += 1; // a line that does not add up: a finding
    });
    await edit('nordlys-2026-10-void.json', (inv) => (inv.invoice_number = '<img src=x onerror=alert(7)>'));
    const hostile: Record<string, string> = {
      'org-nordlys': '<img src=x onerror=alert(1)>',
      'org-kattegat': 'javascript:alert(2)',
      'org-fjordline': '"><svg onload=alert(3)>',
      'org-havblik': 'Havblik & Søn </td></tr></tbody></table><script>alert(4)</script>',
    };
    const server = await startReferenceServer({ dataDir: data });
    let manifest: Manifest;
    const out = join(tmp, 'hostile-out');
    try {
      const { config, env } = configFor(server.url, await readTokens(data));
      for (const o of config.organizations) o.name = hostile[o.org_id]!;
      manifest = await runMonthEnd(config, { outDir: out, month: '2026-10', env, language: 'en' });
    } finally {
      await server.close();
    }
    const monthDir = join(out, '2026-10');
    const { page, incidents } = await openFile(browser, join(monthDir, 'index.html'));
    const text = await page.evaluate(() => document.body.innerText);
    for (const name of Object.values(hostile)) expect(text).toContain(name);
    expect(text).toContain('javascript:alert(6)');
    expect(text).toContain('<img src=x onerror=alert(7)>');
    // The finding, with its code, for a person to check (the invoice is held back); the hostile description in it is text too.
    expect(text).toContain('javascript:alert(6) is not valid: line 10 ("<script>alert(5)</script> Core"): its amount DKK 29,500.01 is not quantity 1 × unit price DKK 29,500.00 = DKK 29,500.00 [line_total]');
    // The plan's subtotal is then not its lines either: said too, with its code.
    expect(text).toContain("the subscription subtotal DKK 43,186.00 is not its subscription lines' sum DKK 43,186.01");
    // The command that credits it is code, its hostile file name quoted for the shell.
    const commands = await page.evaluate(() => [...document.querySelectorAll('#check-heldBack ~ ul code')].map((c) => c.textContent));
    expect(commands[0]).toMatch(/^svc invoices credit-note 'org-kattegat\/invoice-javascript_alert\(6\)\.json' --number NUMBER --date \d{4}-\d{2}-\d{2} --language en --format both$/);
    const dom = await page.evaluate(() => ({
      imgs: document.querySelectorAll('img').length,
      scripts: document.querySelectorAll('script').length,
      handlers: [...document.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`)),
      tbodies: document.querySelectorAll('#orgs tbody').length,
      svgs: document.querySelectorAll('svg:not(.defs):not(.chart):not(.mc):not(.sw)').length,
    }));
    expect(dom).toEqual({ imgs: 0, scripts: 1, handlers: [], tbodies: 4, svgs: 0 });
    await checkLinks(page, monthDir);

    // The estimated rate: marked beside the cost, explained once, and the bars hatched.
    const estimated = manifest!.organizations.filter((o) => o.cost?.rate_estimated);
    expect(estimated.length).toBeGreaterThan(0);
    const bars = await costBars(page);
    expect(bars.filter((b) => b.estimated)).toHaveLength(estimated.length);
    for (const b of bars.filter((x) => x.estimated)) expect(b.fill).toMatch(/url\(.*#hatch.*\)/);
    expect(text).toContain('The USD/DKK rate of this month is estimated');
    // Usage not shared: org-fjordline's workbook made without it, listed for a person to check, not as "not made".
    const attention = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('h4')].map((h) => [h.textContent, [...h.nextElementSibling!.querySelectorAll('li')].map((li) => li.textContent)])));
    expect(attention['Usage not shared']).toEqual([`${hostile['org-fjordline']}: Cost workbook made without usage: usage is not shared with this organization`]);
    expect((attention['Not made'] ?? []).join(' ')).not.toContain(hostile['org-fjordline']);
    expect(incidents).toEqual([]);
  }, 90_000);
});

describe('outcomes in words', () => {
  it('says what was not made and why, marks the interrupted run, and adds USD invoices in DKK at their own rate', async () => {
    const { renderFrontPage } = await import('../../src/runner/pages/front-page.js');
    const inv = (n: string, currency: string, total: number, rate: string | null, status: 'issued' | 'void' = 'issued') =>
      ({ id: n, invoice_number: n, status, period_start: '2026-10-01', period_end: '2026-10-15', currency, subtotal_cents: total - 100, vat_cents: 100, total_cents: total, usd_dkk_rate: rate, files: [] });
    const organizations: Manifest['organizations'] = [
      { org_id: 'org-a', name: 'A', folder: 'org-a', status: 'failed', error: 'environment variable A_TOKEN (the reporting token of org-a) is not set', parts: [], invoices: [], cost: null },
      { org_id: 'org-b', name: 'B', folder: 'org-b', status: 'interrupted', parts: [{ part: 'invoices', status: 'ok' }], invoices: [inv('B-1', 'USD', 10_000, '6.8512')], cost: null },
      { org_id: 'org-c', name: 'C', folder: 'org-c', status: 'not_run', parts: [], invoices: [], cost: null },
      {
        org_id: 'org-d', name: 'D', folder: 'org-d', status: 'ok', parts: [{ part: 'invoices', status: 'ok' }, { part: 'cost_workbook', status: 'ok' }],
        invoices: [
          { ...inv('D-1', 'DKK', 125_050, null), einvoice: 'written' as const },
          { ...inv('D-2', 'DKK', 99_999, null, 'void'), einvoice: 'void' as const },
          { ...inv('D-3', 'EUR', 5_000, null), einvoice: 'failed' as const, einvoice_error: 'buyer.vat: 25 % Danish VAT is charged to an EU business [danish_vat_to_eu_business]', einvoice_code: 'danish_vat_to_eu_business' },
        ],
        cost: { usage_dkk: '10.005', usage_usd: '1.5', rate_estimated: true, plan_dkk_cents: 100, total_dkk: '11.005', months: [{ month: '2026-09', usage_dkk: null, rate_estimated: false }, { month: '2026-10', usage_dkk: '10.005', rate_estimated: true }] },
      },
    ];
    const head = { manifest_version: 1 as const, tool: { name: 'svc' as const, version: '9.9.9' }, month: '2026-10', base_url: 'http://127.0.0.1:1', started_at: '2026-11-01T08:00:00.000Z', finished_at: '2026-11-01T08:00:09.000Z', interrupted: true, options: { concurrency: 4, language: null, with_service_pdf: false }, organizations, partner: { part: 'partner_workbook' as const, status: 'failed' as const, reason: '401: the token in P_TOKEN was refused', http_status: 401 } };
    const dir = await mkdtemp(join(tmp, 'words-'));
    await writeFile(join(dir, 'index.html'), renderFrontPage({ manifest: head, files: [] }, 'en'));
    const { page, incidents } = await openFile(browser, join(dir, 'index.html'));
    const notMade = await page.evaluate(() => [...[...document.querySelectorAll('h4')].find((h) => h.textContent === 'Not made')!.nextElementSibling!.querySelectorAll('li')].map((li) => li.textContent));
    expect(notMade).toEqual([
      'A: Failed: environment variable A_TOKEN (the reporting token of org-a) is not set',
      'B: interrupted',
      'C: not run',
      'Partner workbook: Partner workbook failed: the token in P_TOKEN was refused',
    ]);
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('The run was interrupted');
    expect(text).toContain('svc 9.9.9');
    expect(text).not.toMatch(/[A-Z][a-z]+Error\b/);
    // All in DKK: D-1 as stated plus B-1 at its own rate (100.00 × 6.8512 = 685.12); D-2 void, D-3 in EUR left out.
    const all = await page.evaluate(() => [...document.querySelector('table.totals tfoot tr')!.children].map((c) => (c as HTMLElement).innerText));
    expect([all[0], all[1], all[4]]).toEqual(['All in DKK', '2', money('1935.62', 'DKK', 'en')]);
    expect(text).toContain('Invoices not in the DKK total (no rate to DKK): 1 in EUR.');
    // An e-invoice the invoice check refused: on the invoice's row, under "for a person to check", and counted with a link there.
    const refused = 'No e-invoice for invoice D-3: buyer.vat: 25 % Danish VAT is charged to an EU business [danish_vat_to_eu_business]';
    const d3 = await page.evaluate(() => [...document.querySelectorAll('#o3 tr')].find((r) => (r as HTMLTableRowElement).cells[0]?.textContent === 'D-3')!.lastElementChild!.textContent);
    expect(d3).toBe(refused);
    const checks = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('h4')].map((h) => [h.id, [...h.parentElement!.querySelectorAll(`h4#${h.id} ~ ul`)][0]!.textContent])));
    expect(checks['check-einvoicesNotMade']).toBe(`D: ${refused}`);
    // A manifest of an earlier version says nothing of the credit note: the line names the invoice (the group's note says what cancels it).
    expect(checks['check-void']).toBe('D: D-2');
    const counts = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('dl.counts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd a')?.getAttribute('href') ?? d.querySelector('dd')!.textContent])));
    expect(counts).toMatchObject({ 'E-invoices': '#orgs', 'E-invoices not made': '#check-einvoicesNotMade', 'Void invoices': '#check-void' });
    // The void invoice's row: a manifest of an earlier version says nothing of its credit note, so the row says only "Void".
    const d2 = await page.evaluate(() => [...document.querySelectorAll('tr')].find((r) => (r).cells[0]?.textContent === 'D-2')!.children[1]!.textContent);
    expect(d2).toBe('Void');
    // A period that is not a whole month shows its dates; the estimated month is hatched, the month without a rate marked.
    expect(text).toContain('1 Oct 2026 – 15 Oct 2026');
    const d = await page.evaluate(() => ({ marks: [...document.querySelectorAll('#o3 svg.mc text')].map((t) => t.textContent), hatched: document.querySelectorAll('#o3 svg.mc path.mb.est').length, title: document.querySelector('#o3 svg.mc title')!.textContent }));
    expect(d.marks).toContain('–');
    expect(d.hatched).toBe(1);
    expect(d.title).toBe('Usage in DKK per month, 2026: Sep no rate; Oct 10 (estimated rate)');
    expect(incidents).toEqual([]);
  }, 60_000);
});

describe('the filter box', () => {
  it('degrades to the plain table without scripts, and narrows the table with them', async () => {
    const monthDir = await demo('en');
    const file = join(monthDir, 'index.html');
    const noScript = await browser.another({ javaScriptEnabled: false });
    try {
      const { page, incidents } = await openFile(noScript, file);
      expect(await page.locator('#filter').isVisible()).toBe(false);
      expect(await page.locator('#orgs tbody:visible').count()).toBe(4);
      expect(incidents).toEqual([]);
    } finally {
      await noScript.close();
    }
    const { page, incidents } = await openFile(browser, file);
    await page.locator('#filter input').fill('kattegat');
    expect(await page.locator('#orgs tbody:visible').count()).toBe(1);
    expect(await page.locator('#orgs tbody:visible tr.org th').innerText()).toContain('org-kattegat');
    expect(await page.locator('#filter output').innerText()).toBe('1 / 4');
    await page.locator('#filter input').fill('');
    expect(await page.locator('#orgs tbody:visible').count()).toBe(4);
    expect(incidents).toEqual([]);
  }, 60_000);
});

describe('printing', () => {
  it('prints on A4 with nothing wider than the page', async () => {
    const monthDir = await demo('da');
    const { page, incidents } = await openFile(browser, join(monthDir, 'index.html'));
    await page.emulateMedia({ media: 'print' });
    // A4 less the page's 12 mm side margins, in CSS pixels (96 per inch).
    const printable = ((210 - 24) / 25.4) * 96;
    await page.setViewportSize({ width: Math.floor(printable), height: 1000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(Math.ceil(printable));
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Månedsafslutning, oktober 2026');
    const { getDocument } = await import('../_pdfjs.js');
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    const [, , w, h] = (await doc.getPage(1)).view;
    await doc.destroy();
    expect([Math.round(w!), Math.round(h!)]).toEqual([595, 842]); // A4 in points
    expect(incidents).toEqual([]);
  }, 60_000);
});

describe('an invoice the invoice check calls wrong, on the Danish page (issue 36)', () => {
  it('is held back: listed in Danish with its reason and the command that credits it, struck through, counted nowhere; the totals fit 390 px', async () => {
    const data = await copySamples(join(tmp, 'held-back-data'));
    const polish = JSON.parse(await readFile(join(data, 'invoices', 'kattegat-2026-10.json'), 'utf8')) as Record<string, any>;
    Object.assign(polish, { id: '0e6f1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a52', invoice_number: '2026-0152' });
    Object.assign(polish.buyer, { legal_name: 'Bałtyk Logistyka Sp. z o.o.', country: 'Polska', cvr: '', vat: 'PL5261040828', ean: '' });
    await writeFile(join(data, 'invoices', 'kattegat-2026-10-pl.json'), JSON.stringify(polish));
    const server = await startReferenceServer({ dataDir: data });
    const out = join(tmp, 'held-back-out');
    let manifest: Manifest;
    try {
      const { config, env } = configFor(server.url, await readTokens(data));
      manifest = await runMonthEnd(config, { outDir: out, month: '2026-10', env, language: 'da', creditNoteDate: '2026-11-20' });
    } finally {
      await server.close();
    }
    const { page, incidents } = await openFile(browser, join(out, '2026-10', 'index.html'));
    const group = await page.evaluate(() => {
      const h = document.querySelector('#check-heldBack')!;
      const ul = h.nextElementSibling!.nextElementSibling!;
      return { title: h.textContent, note: h.nextElementSibling!.textContent, lines: [...ul.querySelectorAll('li')].map((li) => li.textContent), code: [...ul.querySelectorAll('code')].map((c) => c.textContent) };
    });
    expect(group.title).toBe('Fakturaer holdt tilbage: ikke gyldige, som de står');
    expect(group.note).toContain('momsbekendtgørelsen § 58, stk. 2');
    expect(group.note).toContain('NUMBER er det næste nummer i jeres kreditnotaserie');
    expect(group.lines).toEqual([
      'Name of org-kattegat: 2026-0152 er ikke gyldig: der er opkrævet dansk moms hos en virksomhed med momsnummeret "PL5261040828" fra PL: ydelsen leveres i PL, og køberen afregner momsen dér (omvendt betalingspligt), så fakturaen skulle være uden moms (0 %) [danish_vat_to_eu_business]. Lav kreditnotaen: svc invoices credit-note org-kattegat/invoice-2026-0152.json --number NUMBER --date 2026-11-20 --language da --format both',
    ]);
    expect(group.code).toEqual(['svc invoices credit-note org-kattegat/invoice-2026-0152.json --number NUMBER --date 2026-11-20 --language da --format both']);
    const text = await page.evaluate(() => document.body.innerText);
    // Danish throughout: no sentence of the check, no heading in English or in code.
    expect(text).not.toMatch(/VAT is charged|checkInvoice|is not valid|credit note/);
    // Its row: held back, its figures struck through; the counts link to it.
    const row = (await groups(page)).flatMap((g) => g.rows).find((r) => r.cells[0] === '2026-0152')!;
    expect(row.cells[1]).toBe('Holdt tilbage: ikke gyldig');
    expect(row.struck.slice(3, 6)).toEqual([true, true, true]);
    const counts = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('dl.counts > div')].map((d) => [d.querySelector('dt')!.textContent, [d.querySelector('dd')!.textContent, d.querySelector('dd a')?.getAttribute('href') ?? null]])));
    expect(counts['Holdt tilbage']).toEqual(['1', '#check-heldBack']);
    // Counted nowhere: the DKK total is the issued DKK invoices but the held-back one, from the records.
    const counted = manifest!.organizations.flatMap((o) => o.invoices).filter((i) => i.status === 'issued' && i.currency === 'DKK' && i.invoice_number !== '2026-0152');
    const dkkTotal = counted.reduce((n, i) => n + i.total_cents, 0);
    expect(await page.evaluate(() => [...document.querySelector('table.totals tbody tr')!.children].map((c) => (c as HTMLElement).innerText.trim()).pop())).toContain(cents(dkkTotal, 'DKK', 'da'));
    // The legend names the hatched bar only where one is hatched.
    const hatched = (await costBars(page)).filter((b) => b.estimated).length;
    expect(text.includes('til estimeret USD/DKK-kurs')).toBe(hatched > 0);

    // At a phone's 390 px every figure of the totals stands in view with its label, no sideways scroll.
    await page.setViewportSize({ width: 390, height: 900 });
    const phone = await page.evaluate(() => {
      const table = document.querySelector('table.totals')!;
      const box = table.parentElement!;
      return {
        scrolls: box.scrollWidth > box.clientWidth,
        cells: [...table.querySelectorAll('tbody td, tfoot td')].filter((c) => c.textContent.trim()).map((c) => ({
          label: getComputedStyle(c, '::before').content, text: (c as HTMLElement).innerText, right: c.getBoundingClientRect().right, visible: (c as HTMLElement).offsetWidth > 0,
        })),
      };
    });
    expect(phone.scrolls).toBe(false);
    for (const c of phone.cells) {
      expect(c.visible, c.text).toBe(true);
      expect(c.right, c.text).toBeLessThanOrEqual(390);
    }
    expect(phone.cells.filter((c) => c.label === '"Total inkl. moms"').map((c) => c.text.replace(/^Total inkl\. moms\s*/, ''))).toContain(cents(dkkTotal, 'DKK', 'da'));
    expect(incidents).toEqual([]);
  }, 120_000);
});

describe('a thousand organizations', () => {
  it('stay under 2 MB with 12 months and two invoices each, one bar each, and the filter finds one', async () => {
    const { renderFrontPage } = await import('../../src/runner/pages/front-page.js');
    const month = '2026-12';
    const files: Manifest['files'] = [];
    const file = (path: string, org_id: string, kind: Manifest['files'][number]['kind']) =>
      files.push({ path, org_id, kind, size: 1, sha256: '0', source_sha256: '0', source: 'x', generator: 'x', status: 'written' });
    const organizations: Manifest['organizations'] = Array.from({ length: 1000 }, (_, i) => {
      const org_id = `org-${String(i).padStart(4, '0')}-nordic-analytics`;
      const invoices = [0, 1].map((k) => {
        const number = `2026-${String(2 * i + k).padStart(6, '0')}`;
        const stem = `${org_id}/invoice-${number}`;
        file(`${stem}.json`, org_id, 'invoice_json');
        file(`${stem}.pdf`, org_id, 'invoice_pdf');
        return { id: `id-${i}-${k}`, invoice_number: number, status: k ? 'issued' as const : 'void' as const, period_start: `${month}-01`, period_end: `${month}-31`, currency: 'DKK', subtotal_cents: 2539222 + i, vat_cents: 634806, total_cents: 3174028 + i, usd_dkk_rate: '6.8512', files: [`${stem}.json`, `${stem}.pdf`] };
      });
      file(`${org_id}/cost-${month}.xlsx`, org_id, 'cost_workbook');
      const months = Array.from({ length: 12 }, (_, m) => ({ month: `2026-${String(m + 1).padStart(2, '0')}`, usage_dkk: `${1000 + ((i * 37 + m * 101) % 90000)}.217472`, rate_estimated: false }));
      return {
        org_id, name: `Nordic Analytics Organization ${i} ApS`, folder: org_id, status: 'ok' as const,
        parts: [{ part: 'invoices' as const, status: 'ok' as const }, { part: 'cost_workbook' as const, status: 'ok' as const }], invoices,
        cost: { usage_dkk: `${8458 + i * 37}.217472`, usage_usd: '1234.56', rate_estimated: false, plan_dkk_cents: 2005800, total_dkk: `${28516 + i * 37}.217472`, months },
      };
    });
    const head = { manifest_version: 1 as const, tool: { name: 'svc' as const, version: '0.1.0' }, month, base_url: 'http://127.0.0.1:1', started_at: '2027-01-01T02:00:00.000Z', finished_at: '2027-01-01T02:00:21.000Z', interrupted: false, options: { concurrency: 4, language: null, with_service_pdf: false }, organizations, partner: null };
    const html = renderFrontPage({ manifest: head, files }, 'da');
    const bytes = Buffer.byteLength(html);
    expect(bytes).toBeLessThan(2_000_000);
    const dir = await mkdtemp(join(tmp, 'thousand-'));
    await writeFile(join(dir, 'index.html'), html);
    const { page, incidents } = await openFile(browser, join(dir, 'index.html'));
    const bars = await costBars(page);
    expect(bars).toHaveLength(1000);
    expectHeightsProportional(bars.map((b) => b.h), [...organizations].reverse().map((o) => Number(o.cost!.total_dkk)), 0.05);
    expect(await page.locator('#orgs tbody').count()).toBe(1000);
    await page.locator('#filter input').fill('Organization 999 ');
    expect(await page.locator('#orgs tbody:visible').count()).toBe(1);
    expect(incidents.filter((i) => !i.startsWith('request:'))).toEqual([]);
  }, 90_000);
});

describeWidths({ browser: () => browser, tmp: () => tmp, demoDa: () => demo('da') });
