import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { runFigures } from '../../src/runner/figures/run-figures.js';
import type { OrgOutcome } from '../../src/runner/manifest/manifest.js';
import { configFor, readTokens, svcInProcess } from '../_harness/index.js';

// Issue 43: one organization's figures must never sink the month end. Four generated
// organizations, their October invoices changed:
// - org-00001 and org-00002: DKK invoices of 9,007,199,254,740,000 øre each (just under 2^53),
//   whose sum the run must state exactly (18,014,398,509,480,000 øre, past 2^53);
// - org-00003: a USD invoice of 9,007,199,254,740,000 cents at 6.9829 DKK per USD, whose DKK
//   (about 6.3 × 10^16 øre) no document can state exactly: that organization fails, named;
// - org-00004: a USD invoice at usd_dkk_rate "999999999999999.999999" (1 of the run's invoices):
//   an error finding, so the invoice is held back (counted in no total), the organization otherwise done.
// The USD buyers are businesses outside the EU (a tax number), so their 0 % VAT is explained.
// The built svc runs the month end; every expected figure is worked out here from the records.

const S = 7_205_759_403_792_000n; // net of the two DKK invoices
const V = (S * 2500n + 5000n) / 10000n; // 25 % VAT, half up
const T = S + V; // 9,007,199,254,740,000 < 2^53 − 1
const RATE = '6.9829';

let tmp: string;
let server: ReferenceServer;
const invoiceOf = (org: string) => join(tmp, 'data', 'invoices', `${org}-2026-10.json`);
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>;

/** One subscription line of `net` minor units, VAT at `bps`, in `currency`. */
function makeBig(org: string, currency: string, net: bigint, bps: number, rate: string): Record<string, any> {
  const inv = read(invoiceOf(org));
  const vat = (net * BigInt(bps) + 5000n) / 10000n;
  Object.assign(inv, {
    currency, vat_rate_bps: bps, usd_dkk_rate: rate,
    subscription_subtotal_cents: Number(net), usage_subtotal_cents: 0, subtotal_cents: Number(net), vat_cents: Number(vat), total_cents: Number(net + vat),
    lines: [{ sort_order: 1, kind: 'subscription', description: 'Service Core, 2026-10', quantity: 1, unit_price_cents: Number(net), line_total_cents: Number(net) }],
  });
  if (currency !== 'DKK') Object.assign(inv.buyer, { country: 'United States', cvr: '', vat: '12-3456789', ean: '' });
  writeFileSync(invoiceOf(org), JSON.stringify(inv));
  return inv;
}

let usd4: Record<string, any>;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'svc-impossible-'));
  generateDataset({ orgs: 4, keysPerOrg: 2, months: 2, seed: 'impossible-figures', out: join(tmp, 'data') });
  makeBig('org-00001', 'DKK', S, 2500, RATE);
  makeBig('org-00002', 'DKK', S, 2500, RATE);
  makeBig('org-00003', 'USD', T, 0, RATE);
  usd4 = read(invoiceOf('org-00004'));
  Object.assign(usd4, { currency: 'USD', usd_dkk_rate: '999999999999999.999999', vat_rate_bps: 0, vat_cents: 0, total_cents: usd4.subtotal_cents });
  Object.assign(usd4.buyer, { country: 'United States', cvr: '', vat: '12-3456789', ean: '' });
  writeFileSync(invoiceOf('org-00004'), JSON.stringify(usd4));
  server = await startReferenceServer({ dataDir: join(tmp, 'data') });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** `n` minor units as English text: 18014398509480000n → 180,143,985,094,800.00. */
const en = (n: bigint) => `${(n / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',')}.${(n % 100n).toString().padStart(2, '0')}`;

describe('one organization\'s figures never sink the run', () => {
  it('the run finishes: summary.md, index.html and a finished manifest; totals past 2^53 exact; the impossible figure fails its organization alone, named', async () => {
    const { config, env } = configFor(server.url, await readTokens(join(tmp, 'data')));
    const cfg = join(tmp, 'runs.json');
    writeFileSync(cfg, JSON.stringify(config));
    const out = join(tmp, 'out');
    const r = await svcInProcess(['month-end', '--month', '2026-10', '--config', cfg, '--out', out, '--language', 'en'], env, { cwd: tmp });
    // org-00003 failed, so the run says so (exit 1) — and it ran to its end.
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).not.toMatch(/is not a safe integer amount in minor units\n$/);
    const month = join(out, '2026-10');
    for (const f of ['summary.md', 'index.html', 'manifest.json']) expect(existsSync(join(month, f)), f).toBe(true);
    const text = readFileSync(join(month, 'manifest.json'), 'utf8');
    const manifest = JSON.parse(text) as { in_progress?: boolean; organizations: Array<{ org_id: string; status: string; error?: string; invoices: Array<{ findings?: Array<{ code: string }> }> }> };
    expect(manifest.in_progress).toBeUndefined();
    const status = Object.fromEntries(manifest.organizations.map((o) => [o.org_id, o.status]));
    expect(status).toEqual({ 'org-00001': 'ok', 'org-00002': 'ok', 'org-00003': 'failed', 'org-00004': 'ok' });
    const failed = manifest.organizations.find((o) => o.org_id === 'org-00003')!;
    const dkk3 = (T * 69829n + 5000n) / 10000n;
    expect(failed.error).toBe(`cost_workbook: invoice G00003-2026-10: ${T} cents × usd_dkk_rate ${RATE}: ${dkk3} øre is not a safe integer amount in minor units`);
    // Its invoice is written all the same; the run's pages name the failure.
    expect(existsSync(join(month, 'org-00003', 'invoice-G00003-2026-10.pdf'))).toBe(true);

    // The run's totals, exact: DKK per currency, all in DKK (org-00004's USD invoice held back, in no total).
    const summary = readFileSync(join(month, 'summary.md'), 'utf8').replace(/\\/g, '');
    expect(summary).toContain(`| DKK | 2 | DKK ${en(2n * S)} | DKK ${en(2n * V)} | DKK ${en(2n * T)} |`);
    expect(summary).toContain(`| USD | 1 | USD ${en(T)} | USD 0.00 | USD ${en(T)} |`);
    expect(summary).toContain(`| **All in DKK** | 3 | | | **DKK ${en(2n * T + dkk3)}** |`);
    expect(summary).toContain(`Cost workbook failed: invoice G00003-2026-10: ${T} cents × usd_dkk_rate ${RATE}: ${dkk3} øre`);
    // manifest.json writes the sums with every digit (a reader that keeps big integers gets them exactly).
    expect(text).toMatch(new RegExp(`"currency": "DKK",\\s*"invoices": 2,\\s*"net_cents": ${2n * S},\\s*"vat_cents": ${2n * V},\\s*"total_cents": ${2n * T}\\b`));
    expect(text).toMatch(new RegExp(`"in_dkk": \\{\\s*"invoices": 3,\\s*"total_cents": ${2n * T + dkk3},`));

    // The impossible rate: an error naming the invoice and the field, so it is held back (not valid, in no total); the organization is done.
    const org4 = manifest.organizations.find((o) => o.org_id === 'org-00004')!;
    expect(org4.invoices[0]!.findings!.map((f) => f.code)).toContain('usd_dkk_rate_implausible');
    expect(summary).toContain(`${usd4.invoice_number} is not valid: the USD/DKK rate 999999999999999.999999 is outside 1-100 DKK per USD`);
    expect(summary).not.toContain('Invoices not in the DKK total');
    expect(r.stderr).toContain(`invoice ${usd4.invoice_number} held back: usd_dkk_rate_implausible`);
    const page = readFileSync(join(month, 'index.html'), 'utf8');
    expect(page).toContain('Cost workbook failed: invoice G00003-2026-10');
    expect(page).toContain('usd_dkk_rate_implausible');
  }, 180_000);
});

describe('runFigures', () => {
  const outcome = (org_id: string, total_cents: number): OrgOutcome => ({
    org_id, name: org_id, folder: org_id, status: 'ok', parts: [{ part: 'invoices', status: 'ok' }], cost: null,
    invoices: [{ id: `${org_id}-1`, invoice_number: `${org_id}-1`, status: 'issued', period_start: '2026-10-01', period_end: '2026-10-31', currency: 'DKK', subtotal_cents: total_cents, vat_cents: 0, total_cents, usd_dkk_rate: null, files: [] }],
  });

  it('an organization whose figure is no amount fails alone, named; the others are added up exactly', () => {
    const f = runFigures([outcome('a', 9_007_199_254_740_000), outcome('b', 1.5), outcome('c', 9_007_199_254_740_000)]);
    expect(f.organizations.map((o) => o.status)).toEqual(['ok', 'failed', 'ok']);
    expect(f.organizations[1]!.problem).toMatch(/^its figures cannot be added up: /);
    expect(f.totals).toEqual([{ currency: 'DKK', invoices: 2, net_cents: 18_014_398_509_480_000n, vat_cents: 0n, total_cents: 18_014_398_509_480_000n }]);
    expect(f.in_dkk.total_cents).toBe(18_014_398_509_480_000n);
    expect(f.statuses.failed).toBe(1);
  });
});
