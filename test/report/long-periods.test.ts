// Cost workbooks over more than 366 days (issue 18 item 1), against the reference server over HTTP.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { describe, expect, test } from 'vitest';
import { buildCostReport, fetchCostReportData } from '../../src/report/index.js';
import { readBook, rowsOf } from './_read.js';
import { orgEnv, reporting, svc, tokenOf, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();

/** GET a reporting path over plain fetch (not our client), as JSON text parsed without any Decimal. */
async function api(org: string, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/api/orgs/${org}${path}`, { headers: { authorization: `Bearer ${tokenOf(org)}`, 'user-agent': 'long-periods-test/1' } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** Each key's USD over start..today, summed by hand from key-usage ranges of 300 days each. */
async function usdByKey(org: string, start: string, today: string): Promise<Map<string, Decimal>> {
  const sums = new Map<string, Decimal>();
  const day = (d: string, add: number) => new Date(Date.parse(`${d}T00:00:00Z`) + add * 86_400_000).toISOString().slice(0, 10);
  for (let from = start; from <= today; from = day(from, 300)) {
    const to = day(from, 299) < today ? day(from, 299) : today;
    const part = await api(org, `/key-usage?start_date=${from}&end_date=${to}`);
    for (const k of part.keys as Array<{ id: string; spend_usd: string }>) sums.set(k.id, (sums.get(k.id) ?? new Decimal(0)).plus(k.spend_usd));
  }
  return sums;
}

/** The first day of the month `months - 1` months before today's (the trailing months' start). */
function trailingStart(today: string, months: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - (months - 1), 1)).toISOString().slice(0, 10);
}

describe('a cost workbook over more than 366 days', () => {
  test.each([
    ['org-kattegat', 13],
    ['org-nordlys', 24],
    ['org-nordlys', 60],
  ])('%s, %i months: every key\'s USD is the sum of the API\'s ranges to the cent; the Months sheet is the API\'s months', async (org, months) => {
    const data = await fetchCostReportData(reporting(server, org), { months });
    const book = readBook(await buildCostReport(data, { language: 'en' }));
    const today = server.today;
    const start = trailingStart(today, months);
    expect([data.keyUsage!.start_date, data.keyUsage!.end_date]).toEqual([start, today]);

    const expected = await usdByKey(org, start, today);
    const keys = rowsOf(book, 'Keys');
    const usdColumn = keys[0]!.indexOf('USD');
    const rows = keys.slice(1, 1 + data.keyUsage!.keys.length);
    expect(rows).toHaveLength(expected.size);
    const ids = [...data.keyUsage!.keys.rows()].map((k) => k.id);
    expect(new Set(ids)).toEqual(new Set(expected.keys()));
    let anySpend = false;
    rows.forEach((row, i) => {
      const want = expected.get(ids[i]!)!;
      if (!want.isZero()) anySpend = true;
      expect(Math.round((row[usdColumn] as number) * 100), ids[i]).toBe(want.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
    });
    expect(anySpend).toBe(true);

    const monthly = await api(org, `/monthly-usage?months=${months}`);
    const apiMonths = monthly.months as Array<{ month: string; usd_spend: string }>;
    expect(apiMonths).toHaveLength(months);
    const sheet = rowsOf(book, 'Months');
    const monthRows = sheet.slice(1, 1 + months);
    expect(monthRows.map((r) => Math.round((r[1] as number) * 100))).toEqual(apiMonths.map((m) => new Decimal(m.usd_spend).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()));
  }, 120_000);

  test('svc report cost --months 13 writes the workbook (its help says 1-60)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-long-'));
    try {
      const out = join(dir, 'cost.xlsx');
      const r = await svc(['report', 'cost', '--months', '13', '--language', 'en', '-o', out], { env: orgEnv(server, 'org-kattegat'), cwd: dir });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const book = readBook(readFileSync(out));
      expect(rowsOf(book, 'Months').slice(1, 14).filter((row) => typeof row[1] === 'number')).toHaveLength(13);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
