// Issue 41, item 4: one model of a month's DKK cost. A month end over the samples against the
// reference server over real HTTP, where October has more charged parts than one invoice's dev
// overage:
// - Nordlys: its October invoice (DKK, plan + usage + 540.00 DKK dev overage) and a second
//   issued invoice for October in USD at its own rate charging only dev overage, so the month's
//   charges come from two invoices in two currencies;
// - Kattegat: its October invoice (DKK, plan + usage) and a second issued invoice for October in
//   EUR charging only dev overage, with no rate to DKK, so one charged part of the month is not
//   known (and with it the month's cost), while its plan and usage are.
// The cost workbook's Months sheet (read with SheetJS), manifest.json's `cost_in_dkk` and the
// organization's cost table in summary.md must state the same October cost, computed here by
// hand from the records the server sends; and the same "not known" for Kattegat. LibreOffice's
// recalculation (test/report/_recalc.ts) must agree with every formula the workbook stores.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMonthEnd } from '../../src/runner/run/run-month-end.js';
import type { Manifest } from '../../src/runner/manifest/manifest.js';
import { startReferenceServer } from '../../src/server/index.js';
import { hasSoffice, runs } from '../_tools.js';
import { expectRecalculatedAsStored } from '../report/_recalc.js';
import { configFor, copySamples, readTokens } from '../_harness/index.js';

type Json = Record<string, unknown>;
interface Line { sort_order: number; kind: string; description: string; quantity: number; unit_price_cents: number; line_total_cents: number }

/** An issued invoice for October 2026 of `base`'s buyer charging only one dev overage line of `cents`, with 25 % VAT. */
function overageInvoice(base: Json, over: { id: string; number: string; currency: string; rate: string | null; cents: number }): Json {
  const vat = over.cents / 4; // a multiple of 4: 25 % VAT is exact
  const line: Line = { sort_order: 10, kind: 'dev_overage', description: 'Dev overage, October 2026', quantity: 1, unit_price_cents: over.cents, line_total_cents: over.cents };
  return {
    ...base,
    id: over.id,
    invoice_number: over.number,
    status: 'issued',
    issued_at: '2026-11-04T09:00:00+00:00',
    due_at: '2026-11-18',
    currency: over.currency,
    usd_dkk_rate: over.rate,
    subscription_subtotal_cents: 0,
    usage_subtotal_cents: over.cents,
    subtotal_cents: over.cents,
    vat_rate_bps: 2500,
    vat_cents: vat,
    total_cents: over.cents + vat,
    lines: [line],
  };
}

const NORDLYS_USD_OVERAGE = 12_344; // USD cents
const KATTEGAT_EUR_OVERAGE = 20_000; // EUR cents

let tmp: string;
let manifest: Manifest;
let monthDir: string;
/** October's `dkk_spend` per organization, as the server's monthly-usage record states it. */
const usageDkk = new Map<string, string>();
const records = new Map<string, Json[]>();

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'svc-month-cost-'));
  const data = await copySamples(join(tmp, 'data'));
  const read = async (name: string) => JSON.parse(await readFile(join(data, 'invoices', name), 'utf8')) as Json;
  const nordlys = await read('nordlys-2026-10.json');
  const kattegat = await read('kattegat-2026-10.json');
  const extra = {
    nordlys: overageInvoice(nordlys, { id: '5b0e7c2a-91d4-4f3e-8a6b-2c7d9e1f0a31', number: '2026-0150', currency: 'USD', rate: '6.8512', cents: NORDLYS_USD_OVERAGE }),
    kattegat: overageInvoice(kattegat, { id: '6c1f8d3b-a2e5-4a4f-9b7c-3d8e0f2a1b42', number: '2026-0151', currency: 'EUR', rate: null, cents: KATTEGAT_EUR_OVERAGE }),
  };
  await writeFile(join(data, 'invoices', 'nordlys-2026-10-overage.json'), JSON.stringify(extra.nordlys));
  await writeFile(join(data, 'invoices', 'kattegat-2026-10-overage.json'), JSON.stringify(extra.kattegat));
  records.set('org-nordlys', [nordlys, extra.nordlys]);
  records.set('org-kattegat', [kattegat, extra.kattegat]);
  const server = await startReferenceServer({ dataDir: data });
  try {
    const tokens = await readTokens(data);
    // The usage record itself, over HTTP, as any client of the API reads it.
    for (const org of ['org-nordlys', 'org-kattegat']) {
      const token = tokens.orgs.find((o) => o.org_id === org)!.token;
      const res = await fetch(`${server.url}/api/orgs/${org}/monthly-usage`, { headers: { authorization: `Bearer ${token}`, 'user-agent': 'svc-tests/month-cost (usage record for the hand calculation)' } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { months: Array<{ month: string; dkk_spend?: string | null }> };
      const october = body.months.find((m) => m.month.startsWith('2026-10'))!;
      usageDkk.set(org, october.dkk_spend!);
    }
    const { config, env } = configFor(server.url, tokens);
    manifest = await runMonthEnd(config, { outDir: join(tmp, 'out'), month: '2026-10', env, language: 'en' });
  } finally {
    await server.close();
  }
  monthDir = join(tmp, 'out', '2026-10');
}, 180_000);
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const lineSum = (invoice: Json, kind: string) => (invoice.lines as Line[]).filter((l) => l.kind === kind).reduce((a, l) => a + l.line_total_cents, 0);

/** Nordlys's October cost by hand, in DKK (exact): usage + the DKK invoice's plan and dev overage + the USD invoice's dev overage at its own rate, half up to the øre. */
function nordlysByHand(): Decimal {
  const [dkkInvoice, usdInvoice] = records.get('org-nordlys')!;
  const plan = lineSum(dkkInvoice!, 'subscription'); // 12,500.00 + 2,394.00 + 1,500.00 DKK
  const overageDkk = lineSum(dkkInvoice!, 'dev_overage'); // 540.00 DKK
  const overageUsd = new Decimal(lineSum(usdInvoice!, 'dev_overage')).times('6.8512').toDecimalPlaces(0, Decimal.ROUND_HALF_UP); // 123.44 USD × 6.8512 = 845.71 DKK
  expect([plan, overageDkk, overageUsd.toNumber()]).toEqual([1_639_400, 54_000, 84_571]);
  return new Decimal(usageDkk.get('org-nordlys')!).plus(new Decimal(plan + overageDkk).plus(overageUsd).dividedBy(100));
}

/** The October row's cost cell (column H, "Cost excl. VAT") of an organization's workbook, in øre; null when empty. */
async function workbookCost(folder: string): Promise<{ cents: bigint | null; formula: string | undefined }> {
  const wb = XLSX.read(await readFile(join(monthDir, folder, 'cost-2026-10.xlsx')), { type: 'buffer' });
  const sheet = wb.Sheets[wb.SheetNames.find((n) => /month/i.test(n))!]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
  const header = rows[0] as string[];
  const costCol = header.findIndex((h) => /^Cost excl/i.test(String(h)));
  expect(costCol, `cost column in ${header.join(' | ')}`).toBe(7);
  // The month cells are dates (serial numbers); October 2026 is the row whose date falls in it.
  const r = rows.findIndex((row) => typeof row[0] === 'number' && XLSX.SSF.format('yyyy-mm', row[0]) === '2026-10');
  expect(r).toBeGreaterThan(0);
  const cell = sheet[XLSX.utils.encode_cell({ r, c: costCol })] as XLSX.CellObject | undefined;
  const value = cell?.v;
  return { cents: typeof value === 'number' ? BigInt(new Decimal(value).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()) : null, formula: cell?.f };
}

/** The total row of an organization's cost table in summary.md (`**Total** | **DKK 1,234.56**` or `not known`). */
async function summaryCost(name: string): Promise<string> {
  const markdown = await readFile(join(monthDir, 'summary.md'), 'utf8');
  const section = markdown.split(/^## /m).find((s) => s.startsWith(`${name}\n`))!;
  expect(section, `summary.md has a section for ${name}`).toBeDefined();
  const table = section.slice(section.indexOf('| Cost excl. VAT in DKK |'));
  const total = table.split('\n').find((l) => /^\| \*?\*?Total/.test(l))!;
  return total.split('|')[2]!.replace(/\*/g, '').trim();
}

const cents = (d: Decimal) => BigInt(d.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
const shown = (text: string) => {
  const m = /^DKK (-?[\d,]+)\.(\d\d)$/.exec(text);
  expect(m, text).not.toBeNull();
  return BigInt(m![1]!.replace(/,/g, '') + m![2]!);
};

describe("one model of a month's DKK cost", () => {
  it('the run read both of each organization\'s October invoices, issued', () => {
    for (const org of ['org-nordlys', 'org-kattegat']) {
      const o = manifest.organizations.find((x) => x.org_id === org)!;
      expect(o.invoices.filter((i) => i.status === 'issued').map((i) => i.invoice_number).sort(), org).toEqual(records.get(org)!.map((r) => r.invoice_number).sort());
    }
  });

  it('Nordlys: the Months sheet, cost_in_dkk and summary.md state the October cost computed by hand from the records', async () => {
    const byHand = nordlysByHand();
    const cost = manifest.organizations.find((o) => o.org_id === 'org-nordlys')!.cost!;
    // The manifest: exact, and every charged part of the month (both invoices' dev overage as one kind).
    expect(cost.total_dkk).toBe(byHand.toFixed());
    expect(cost.charges).toEqual([{ kind: 'dev_overage', dkk_cents: 54_000 + 84_571 }]);
    expect(cost.plan_dkk_cents).toBe(1_639_400);
    // The workbook: the October row's cost, to the øre (usage rounded once, as the sheet shows it).
    const sheet = await workbookCost('org-nordlys');
    expect(sheet.cents).toBe(cents(byHand));
    expect(sheet.formula).toBeDefined();
    // summary.md: the organization's cost table's total.
    expect(shown(await summaryCost('Name of org-nordlys'))).toBe(cents(byHand));
    // The run's figures: the organization's cost in the manifest's `figures`.
    const figures = manifest.figures!.organizations.find((o) => o.org_id === 'org-nordlys')!.cost!;
    expect(BigInt(figures.total_dkk_cents!)).toBe(cents(byHand));
  });

  it('Kattegat: a charged part with no rate to DKK makes the month\'s cost not known on every surface', async () => {
    const cost = manifest.organizations.find((o) => o.org_id === 'org-kattegat')!.cost!;
    // Its plan and usage are known: only the EUR invoice's dev overage has no DKK.
    expect(cost.plan_dkk_cents).toBe(lineSum(records.get('org-kattegat')![0]!, 'subscription'));
    expect(cost.usage_dkk).toBe(new Decimal(usageDkk.get('org-kattegat')!).toFixed());
    expect(cost.charges).toEqual([{ kind: 'dev_overage', dkk_cents: null }]);
    expect(cost.total_dkk).toBeNull();
    expect((await workbookCost('org-kattegat')).cents).toBeNull();
    expect(await summaryCost('Name of org-kattegat')).toBe('not known');
    expect(manifest.figures!.organizations.find((o) => o.org_id === 'org-kattegat')!.cost!.total_dkk_cents).toBeNull();
  });

  it.runIf(runs(hasSoffice))('LibreOffice recalculates every formula of both workbooks to the value stored', () => {
    const files = Object.fromEntries(['org-nordlys', 'org-kattegat'].map((o) => [o, join(monthDir, o, 'cost-2026-10.xlsx')]));
    expect(expectRecalculatedAsStored(files)).toBeGreaterThan(0);
  }, 300_000);
});
