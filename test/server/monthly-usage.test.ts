import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { readFileSync } from 'node:fs';
import { OrgMonthlyUsageSchema } from '../../src/model/index.js';
import { call } from './_helpers.js';
import { rawRows, usd } from './_csv.js';
import { SAMPLES, tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();
const get = (q: string, org = 'org-nordlys') => call(s.url, `/api/orgs/${org}/monthly-usage${q}`, { token: tokenOf(org) });
const rates = JSON.parse(readFileSync(`${SAMPLES}dataset.json`, 'utf8')).usd_dkk_rates as Record<string, string>;

describe('window', () => {
  it('default: the trailing 12 months, oldest first, ending with the current month', async () => {
    const r = await get('');
    OrgMonthlyUsageSchema.parse(r.json);
    expect(r.json.months.map((m: { month: string }) => m.month)).toEqual([
      '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01',
      '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01',
    ]);
    expect(r.json.available_years).toEqual([2024, 2025, 2026]);
  });
  it('months=N, year=Y (up to the current month), months=60 allowed', async () => {
    expect((await get('?months=3')).json.months.map((m: { month: string }) => m.month)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect((await get('?year=2025')).json.months).toHaveLength(12);
    expect((await get('?year=2026')).json.months).toHaveLength(11);
    expect((await get('?months=60')).json.months).toHaveLength(60);
  });
  it.each([['?months=3&year=2026', /mutually exclusive/], ['?months=61', /at most 60/], ['?months=x', /0 to 60/], ['?year=0', /year must be a whole number from 1 to 9999/], ['?year=10000', /year must be at most 9999/]])('%s → 400', async (q, msg) => {
    const r = await get(q);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(msg);
  });
});

describe('figures', () => {
  it('months equal independent sums of usage.csv; days cover the month (to today) and add up to it', async () => {
    const r = await get('?months=15');
    const rows = rawRows('org-nordlys');
    for (const m of r.json.months) {
      const mine = rows.filter((x) => x.date.startsWith(m.month.slice(0, 7)));
      expect(m.usd_spend, m.month).toBe(usd(mine.reduce((a, x) => a + x.spendMicro, 0n)));
      expect(m.request_count).toBe(Number(mine.reduce((a, x) => a + x.requests, 0n)));
      const daySpend = m.days.reduce((a: Decimal, d: { usd_spend: string }) => a.plus(d.usd_spend), new Decimal(0));
      expect(daySpend.eq(m.usd_spend)).toBe(true);
      for (const f of ['total_tokens', 'request_count', 'prompt_tokens', 'completion_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens']) {
        expect(m.days.reduce((a: number, d: Record<string, number>) => a + d[f]!, 0), f).toBe(m[f]);
      }
      expect(m.days[0].date).toBe(m.month);
    }
    const oct = r.json.months.find((m: { month: string }) => m.month === '2026-10-01');
    expect(oct.days).toHaveLength(31);
    expect(oct.usd_spend).toBe('1234.56');
    expect(r.json.months.at(-1).days).toHaveLength(20);
    expect(r.json.months.at(-1).days.at(-1).date).toBe('2026-11-20');
  });

  it('DKK: stored rate exact, current month estimated from the latest rate, older months without a rate null', async () => {
    const r = await get('?months=18');
    for (const m of r.json.months) {
      const key = m.month.slice(0, 7);
      if (rates[key]) {
        expect(m.dkk_spend).toBe(new Decimal(m.usd_spend).times(rates[key]).toFixed());
        expect(m.rate_estimated).toBe(false);
      } else if (key === '2026-11') {
        expect(m.dkk_spend).toBe(new Decimal(m.usd_spend).times(rates['2026-10']!).toFixed());
        expect(m.rate_estimated).toBe(true);
      } else {
        expect(m.dkk_spend).toBeNull();
        expect(m.rate_estimated).toBe(false);
      }
    }
    expect(r.json.months[0].dkk_spend).toBeNull(); // 2025-06: no stored rate
  });

  it('summary totals and run-rate change percentages', async () => {
    const r = await get('');
    const { months, summary } = r.json;
    expect(new Decimal(summary.total_usd_spend).eq(months.reduce((a: Decimal, m: { usd_spend: string }) => a.plus(m.usd_spend), new Decimal(0)))).toBe(true);
    expect(new Decimal(summary.total_dkk_spend).eq(months.reduce((a: Decimal, m: { dkk_spend: string }) => a.plus(m.dkk_spend), new Decimal(0)))).toBe(true);
    expect(summary.total_requests).toBe(months.reduce((a: number, m: { request_count: number }) => a + m.request_count, 0));
    const [prev, cur] = months.slice(-2);
    const pct = (c: Decimal.Value, p: Decimal.Value) => new Decimal(c).dividedBy(20).times(30).minus(p).dividedBy(p).times(100).toDecimalPlaces(1, Decimal.ROUND_HALF_UP).toFixed(1);
    expect(summary.usd_spend_change_pct).toBe(pct(cur.usd_spend, prev.usd_spend));
    expect(summary.tokens_change_pct).toBe(pct(cur.total_tokens, prev.total_tokens));
    expect(summary.requests_change_pct).toBe(pct(cur.request_count, prev.request_count));
  });

  it('changes are null when the previous month is outside the window', async () => {
    const r = await get('?months=1');
    expect(r.json.summary.usd_spend_change_pct).toBeNull();
    const y = await get('?year=2025');
    expect(y.json.summary.tokens_change_pct).toBeNull();
  });
});
