/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Issue 24, item 1: one set of figures per run. A month end over the samples, with Kattegat's
// October invoice in USD at its own rate, so the run has DKK, EUR and USD invoices. Its
// index.html is read as Chromium builds it, its summary.md as GitHub's Markdown (cmark-gfm)
// renders it (opened in the same browser), and its manifest.json as JSON. Every table on each
// is footed to the øre: against the invoice records the run saved (summed and converted here
// by hand) and against its own rows. Expected figures never come from the code under test.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { startReferenceServer } from '../../src/server/index.js';
import { hasCmark, runs } from '../_tools.js';
import { launch, openFile, type Browser } from './_browser.js';
import { configFor, copySamples, readTokens } from '../_harness/index.js';

interface InvoiceRecord {
  invoice_number: string;
  status: 'issued' | 'void';
  currency: string;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  usd_dkk_rate?: string | null;
  lines: Array<{ kind: string; line_total_cents: number }>;
}

/** `DKK 1,234.56` (the run is in English) as øre; `–` and "not known" as null. */
function minor(text: string): { currency: string; cents: bigint } | null {
  const m = /^([A-Z]{3}) (-?[\d,]+)\.(\d\d)$/.exec(text.trim());
  if (!m) return null;
  return { currency: m[1]!, cents: BigInt(m[2]!.replace(/,/g, '') + m[3]!) };
}
const dkk = (text: string) => {
  const m = minor(text);
  expect(m?.currency, text).toBe('DKK');
  return m!.cents;
};
/** One amount per currency in a cell (`DKK 1.00; EUR 2.00` or stacked on lines). */
const perCurrency = (text: string) => Object.fromEntries(text.split(/;|\n/).map((t) => minor(t)).filter((m) => m !== null).map((m) => [m.currency, m.cents]));
/** The invoice's DKK as its own rate converts it: USD × usd_dkk_rate, half up to the øre (a hand calculation). */
const inDkk = (cents: number, inv: InvoiceRecord): bigint | null =>
  inv.currency === 'DKK' ? BigInt(cents) : inv.currency === 'USD' && inv.usd_dkk_rate ? BigInt(new Decimal(cents).times(inv.usd_dkk_rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()) : null;
const sum = (xs: Iterable<bigint>) => [...xs].reduce((a, b) => a + b, 0n);

let tmp: string;
let browser: Browser;
let monthDir: string;
let manifest: Manifest;
const records = new Map<string, InvoiceRecord[]>();

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-figures-'));
  browser = await launch();
  const data = await copySamples(join(tmp, 'data'));
  // Kattegat's October invoice in USD at its own rate (the sample of a USD invoice with VAT in DKK).
  const usd = JSON.parse(await readFile(join(data, 'vat-treatments', 'usd-vat-with-rate-2026-10.json'), 'utf8')) as Record<string, unknown>;
  await rm(join(data, 'invoices', 'kattegat-2026-10.json'));
  await writeFile(join(data, 'invoices', 'kattegat-2026-10.json'), JSON.stringify({ ...usd, org_id: 'org-kattegat' }));
  const server = await startReferenceServer({ dataDir: data });
  try {
    const { config, env } = configFor(server.url, await readTokens(data));
    manifest = await runMonthEnd(config, { outDir: join(tmp, 'out'), month: '2026-10', env, language: 'en' });
  } finally {
    await server.close();
  }
  monthDir = join(tmp, 'out', '2026-10');
  for (const o of manifest.organizations) {
    const list: InvoiceRecord[] = [];
    for (const i of o.invoices) list.push(JSON.parse(await readFile(join(monthDir, i.files.find((f) => f.endsWith('.json'))!), 'utf8')) as InvoiceRecord);
    records.set(o.org_id, list);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await rm(tmp, { recursive: true, force: true });
});

/** By hand from the records: issued invoices per currency (count, net, VAT, total). */
function currencyTotals(invoices: InvoiceRecord[]) {
  const out: Record<string, { invoices: number; net: bigint; vat: bigint; total: bigint }> = {};
  for (const i of invoices.filter((x) => x.status === 'issued')) {
    const t = (out[i.currency] ??= { invoices: 0, net: 0n, vat: 0n, total: 0n });
    t.invoices++;
    t.net += BigInt(i.subtotal_cents);
    t.vat += BigInt(i.vat_cents);
    t.total += BigInt(i.total_cents);
  }
  return out;
}

/**
 * By hand: an invoice's charged categories in øre. Its total and its VAT each at its rate (half up),
 * the net their difference (what the journal posts as revenue), split over subscription, usage and
 * dev overage in proportion to their amounts: each share's whole øre, and the øre left over one each
 * to the largest remainders (of equal ones, the earlier). A DKK invoice's are its lines' sums.
 */
function categoriesInDkk(inv: InvoiceRecord): Record<string, bigint> | null {
  const total = inDkk(inv.total_cents, inv);
  const vat = inDkk(inv.vat_cents, inv);
  if (total === null || vat === null) return null;
  const kinds = ['subscription', 'usage', 'dev_overage'];
  const weights = kinds.map((k) => sum(inv.lines.filter((l) => l.kind === k).map((l) => BigInt(l.line_total_cents))));
  const whole = sum(weights);
  const net = total - vat;
  const parts = weights.map((w) => (net * w) / whole);
  const remainders = weights.map((w) => (net * w) % whole);
  let left = net - sum(parts);
  for (const k of kinds.map((_, k) => k).sort((a, b) => (remainders[a] === remainders[b] ? a - b : remainders[a]! > remainders[b]! ? -1 : 1))) {
    if (left <= 0n) break;
    parts[k]! += 1n;
    left--;
  }
  return Object.fromEntries(kinds.map((k, i) => [k, parts[i]!]));
}

/** By hand: an organization's cost rows in øre (usage from its monthly-usage record, the rest from its issued invoices' categories in DKK). */
function costRows(orgId: string): Record<string, bigint | null> | null {
  const o = manifest.organizations.find((x) => x.org_id === orgId)!;
  if (!o.cost || o.cost.usage_dkk === null) return null;
  const issued = records.get(orgId)!.filter((i) => i.status === 'issued');
  const lines = (kind: string) => {
    const each = issued.map((i) => categoriesInDkk(i)?.[kind] ?? null);
    return each.includes(null) ? null : sum(each as bigint[]);
  };
  const rows: Record<string, bigint | null> = { Usage: BigInt(new Decimal(o.cost.usage_dkk).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()) };
  if (issued.some((i) => i.lines.some((l) => l.kind === 'dev_overage'))) rows['Dev overage'] = lines('dev_overage');
  rows['Subscription (plan)'] = lines('subscription');
  return rows;
}

describe('one set of figures', () => {
  it('the run has DKK, EUR and USD invoices, a void one, and a dev overage (the case the tables must foot)', () => {
    const all = [...records.values()].flat();
    expect(new Set(all.map((i) => i.currency))).toEqual(new Set(['DKK', 'EUR', 'USD']));
    expect(all.some((i) => i.status === 'void')).toBe(true);
    expect(all.some((i) => i.lines.some((l) => l.kind === 'dev_overage'))).toBe(true);
  });

  it('index.html, as Chromium builds it: totals, all in DKK, cost by category and every organization foot to the records', async () => {
    const { page, incidents } = await openFile(browser, join(monthDir, 'index.html'));
    const tables = await page.evaluate(() =>
      [...document.querySelectorAll('table.totals')].map((t) => [...(t as HTMLTableElement).rows].map((r) => [...r.cells].map((c) => c.innerText.trim()))),
    );
    const [totals, cost] = tables;
    expect(tables).toHaveLength(2);
    footTotals(totals!);
    footCost(cost!, 'Total');

    // Every organization's row: its issued invoices per currency, and its cost, from the records; the cost line lists every row.
    const orgs = await page.evaluate(() =>
      [...document.querySelectorAll('#orgs tbody')].map((tb) => ({
        head: [...(tb.querySelector('tr.org') as HTMLTableRowElement).cells].map((c) => c.innerText.trim()),
        cost: tb.querySelector('.cost p')?.textContent ?? null,
      })),
    );
    for (const [i, o] of manifest.organizations.entries()) {
      const { head, cost: line } = orgs[i]!;
      const byHand = currencyTotals(records.get(o.org_id)!);
      expect(perCurrency(head[3]!), `${o.org_id} net`).toEqual(Object.fromEntries(Object.entries(byHand).map(([c, t]) => [c, t.net])));
      expect(perCurrency(head[4]!), `${o.org_id} VAT`).toEqual(Object.fromEntries(Object.entries(byHand).map(([c, t]) => [c, t.vat])));
      expect(perCurrency(head[5]!), `${o.org_id} total`).toEqual(Object.fromEntries(Object.entries(byHand).map(([c, t]) => [c, t.total])));
      const rows = costRows(o.org_id);
      if (!rows || Object.values(rows).includes(null)) continue;
      const shown = Object.fromEntries(line!.split(' · ').map((part) => part.split(': ')).filter((kv) => kv.length === 2 && minor(kv[1]!)).map(([k, v]) => [k, dkk(v!)]));
      expect(shown, `${o.org_id}'s cost rows`).toEqual(rows);
      expect(dkk(head[6]!), `${o.org_id}'s cost is its rows' sum`).toBe(sum(Object.values(rows) as bigint[]));
    }
    expect(incidents).toEqual([]);
  });

  it.runIf(runs(hasCmark))('summary.md, as cmark-gfm renders it: the same tables, footed the same way, and each organization\'s cost table', async () => {
    const markdown = await readFile(join(monthDir, 'summary.md'), 'utf8');
    const html = execFileSync('cmark-gfm', ['--extension', 'table'], { input: markdown }).toString('utf8');
    const file = join(tmp, 'summary.html');
    await writeFile(file, `<!DOCTYPE html><meta charset="utf-8"><body>${html}`);
    const { page } = await openFile(browser, file);
    const tables = await page.evaluate(() => [...document.querySelectorAll('table')].map((t) => [...t.rows].map((r) => [...r.cells].map((c) => c.innerText.trim()))));
    // The organizations, then totals per currency, then cost in DKK of all organizations.
    const [orgTable, totals, cost] = tables;
    footTotals(totals!);
    footCost(cost!, 'Total');
    for (const [i, o] of manifest.organizations.entries()) {
      const row = orgTable![i + 1]!;
      const byHand = currencyTotals(records.get(o.org_id)!);
      expect(perCurrency(row[3]!), `${o.org_id} net`).toEqual(Object.fromEntries(Object.entries(byHand).map(([c, t]) => [c, t.net])));
      expect(perCurrency(row[4]!), `${o.org_id} gross`).toEqual(Object.fromEntries(Object.entries(byHand).map(([c, t]) => [c, t.total])));
    }
    // Each organization's own cost table: its rows from the records, its total their sum.
    const costTables = tables.slice(3).filter((t) => t[0]![0] === 'Cost excl. VAT in DKK');
    const known = manifest.organizations.filter((o) => o.cost);
    expect(costTables).toHaveLength(known.length);
    for (const [k, o] of known.entries()) {
      const rows = costRows(o.org_id);
      const table = costTables[k]!;
      if (!rows || Object.values(rows).includes(null)) {
        expect(table.at(-1)![1]).toBe('not known');
        continue;
      }
      expect(Object.fromEntries(table.slice(1, -1).map(([label, v]) => [label, dkk(v!)]))).toEqual(rows);
      expect(dkk(table.at(-1)![1]!)).toBe(sum(Object.values(rows) as bigint[]));
    }
  });

  it('manifest.json carries the same figures', () => {
    const f = manifest.figures!;
    const byHand = currencyTotals([...records.values()].flat());
    expect(Object.fromEntries(f.totals.map((t) => [t.currency, { invoices: t.invoices, net: BigInt(t.net_cents), vat: BigInt(t.vat_cents), total: BigInt(t.total_cents) }]))).toEqual(byHand);
    const converted = [...records.values()].flat().filter((i) => i.status === 'issued').map((i) => inDkk(i.total_cents, i)).filter((x) => x !== null);
    expect(f.in_dkk).toMatchObject({ invoices: converted.length, total_cents: Number(sum(converted)), not_converted: [{ currency: 'EUR', invoices: 1 }] });
    expect(BigInt(f.cost.total_dkk_cents)).toBe(sum(f.cost.rows.map((r) => BigInt(r.dkk_cents))));
  });
});

/** The totals table: a row per currency from the records, then all in DKK (each converted invoice's own DKK, added). */
function footTotals(table: string[][]): void {
  const all = [...records.values()].flat();
  const byHand = currencyTotals(all);
  const rows = table.slice(1);
  const currencies = rows.filter((r) => /^[A-Z]{3}$/.test(r[0]!));
  expect(currencies.map((r) => r[0])).toEqual(Object.keys(byHand).sort());
  for (const r of currencies) {
    const t = byHand[r[0]!]!;
    expect([Number(r[1]), minor(r[2]!)!.cents, minor(r[3]!)!.cents, minor(r[4]!)!.cents], r[0]).toEqual([t.invoices, t.net, t.vat, t.total]);
  }
  const converted = all.filter((i) => i.status === 'issued').map((i) => inDkk(i.total_cents, i)).filter((x) => x !== null);
  const dkkRow = rows.find((r) => r[0] === 'All in DKK')!;
  expect(Number(dkkRow[1])).toBe(converted.length);
  expect(dkk(dkkRow[4]!)).toBe(sum(converted));
}

/** The run's cost table: each category the sum of the organizations' (by hand), the total the sum of the rows. */
function footCost(table: string[][], totalLabel: string): void {
  const known = manifest.organizations.map((o) => costRows(o.org_id)).filter((r): r is Record<string, bigint> => r !== null && !Object.values(r).includes(null));
  const byHand: Record<string, bigint> = {};
  for (const rows of known) for (const [k, v] of Object.entries(rows)) byHand[k] = (byHand[k] ?? 0n) + v;
  const body = table.filter((r) => r.length === 2 && minor(r[1]!.replace(/ \(.*\)$/, '')) !== null);
  const total = body.find((r) => r[0] === totalLabel)!;
  const rows = body.filter((r) => r !== total && r[0] !== 'Cost excl. VAT in DKK');
  expect(Object.fromEntries(rows.map(([k, v]) => [k, dkk(v!)]))).toEqual(byHand);
  expect(dkk(total[1]!)).toBe(sum(rows.map(([, v]) => dkk(v!))));
  expect(dkk(total[1]!)).toBe(sum(Object.values(byHand)));
}
