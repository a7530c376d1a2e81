import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/server/index.js';
import type { OrgKeyUsage, UsageSlice } from '../../src/model/index.js';
import { InvalidRequestError } from '../../src/client/errors/index.js';
import { decimalsAsText } from '../../src/cli/report/_json.js';
import { reporting } from '../_harness/index.js';
import { startReferenceServer } from '../../src/server/index.js';

let server: ReferenceServer;
const requests: string[] = [];
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

const logged = (org: string, maxRangeDays?: number) =>
  reporting(server, org, { logger: (l) => l.includes('→') && requests.push(l), ...(maxRangeDays ? { maxRangeDays } : {}) });

const TOKEN_FIELDS = ['prompt_tokens', 'completion_tokens', 'total_tokens', 'request_count'] as const;

function expectSliceSum(service: UsageSlice | undefined, external: UsageSlice | undefined, whole: Record<string, unknown>): void {
  expect(service).toBeDefined();
  expect(external).toBeDefined();
  for (const f of TOKEN_FIELDS) expect(service![f] + external![f]).toBe(whole[f]);
}

/** The invariants a user relies on, for any OrgKeyUsage. */
function checkInvariants(u: OrgKeyUsage): void {
  const spend = u.keys.reduce((s, k) => s.plus(k.spend_usd), new Decimal(0));
  expect(spend.toFixed()).toBe(u.totals.spend_usd.toFixed());
  for (const f of TOKEN_FIELDS) expect(u.keys.reduce((s, k) => s + k[f], 0)).toBe(u.totals[f]);
  expectSliceSum(u.totals.service, u.totals.external, u.totals);
  for (const k of u.keys) expectSliceSum(k.service, k.external, k);
  for (let i = 1; i < u.keys.length; i++) expect(u.keys[i - 1]!.spend_usd.gte(u.keys[i]!.spend_usd)).toBe(true);
  for (const field of u.totals.by_field ?? []) {
    const gs = field.groups;
    expect(gs.reduce((s, g) => s.plus(g.spend_usd), new Decimal(0)).toFixed(), field.key).toBe(u.totals.spend_usd.toFixed());
    for (const f of TOKEN_FIELDS) expect(gs.reduce((s, g) => s + g[f], 0)).toBe(u.totals[f]);
    expect(gs.reduce((s, g) => s + g.key_count, 0)).toBe(u.keys.length);
    const noValue = gs.findIndex((g) => g.value === null || g.value === undefined);
    expect(noValue === -1 || noValue === gs.length - 1).toBe(true);
  }
}

describe('key-usage periods against the reference server', () => {
  it('resolves each style as the spec says', async () => {
    const c = reporting(server, 'org-nordlys');
    const range = async (p: Parameters<typeof c.getKeyUsage>[0]) => {
      const u = await c.getKeyUsage(p);
      return [u.start_date, u.end_date];
    };
    expect(await range(undefined)).toEqual(['2026-11-01', '2026-11-20']);
    expect(await range({ month: '2026-02' })).toEqual(['2026-02-01', '2026-02-28']);
    expect(await range({ year: 2026 })).toEqual(['2026-01-01', '2026-11-20']);
    expect(await range({ months: 3 })).toEqual(['2026-09-01', '2026-11-20']);
    expect(await range({ start_date: '2026-10-05', end_date: '2026-10-05' })).toEqual(['2026-10-05', '2026-10-05']);
    expect(await range({ start_date: '2026-11-10', end_date: '2026-12-31' })).toEqual(['2026-11-10', '2026-11-20']);
  });

  it('refuses bad periods before any request', async () => {
    const before = requests.length;
    const c = logged('org-nordlys');
    for (const p of [{ month: '2026-10', months: 2 }, { months: -1 }, { start_date: '2026-10-02', end_date: '2026-10-01' }, { start_date: '2026-10-01' }]) {
      await expect(c.getKeyUsage(p as never)).rejects.toBeInstanceOf(InvalidRequestError);
    }
    expect(requests.length).toBe(before);
  });

  it('fetches a 24-month range as successive ranges of at most 366 days', async () => {
    requests.length = 0;
    const u = await logged('org-nordlys').getKeyUsage({ start_date: '2024-11-21', end_date: '2026-11-20' });
    // The current month to date first (it tells the service's today, and is the range's newest part), then the earlier ranges.
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatch(/key-usage \(/);
    expect(requests[1]).toContain('start_date=2024-11-21&end_date=2025-11-21');
    expect(requests[2]).toContain('start_date=2025-11-22&end_date=2026-10-31');
    expect([u.start_date, u.end_date]).toEqual(['2024-11-21', '2026-11-20']);
    checkInvariants(u);
  });

  it('a 24-month range equals the sum of its months', async () => {
    const c = reporting(server, 'org-nordlys');
    const whole = await c.getKeyUsage({ start_date: '2024-11-01', end_date: '2026-10-31' });
    const months: OrgKeyUsage[] = [];
    for (let i = 0; i < 24; i++) {
      const d = new Date(Date.UTC(2024, 10 + i, 1)).toISOString().slice(0, 7);
      months.push(await c.getKeyUsage({ month: d }));
    }
    const spendOf = (list: OrgKeyUsage[], id: string) =>
      list.flatMap((u) => u.keys.filter((k) => k.id === id)).reduce((s, k) => s.plus(k.spend_usd), new Decimal(0));
    const total = months.reduce((s, m) => s.plus(m.totals.spend_usd), new Decimal(0));
    expect(whole.totals.spend_usd.toFixed()).toBe(total.toFixed());
    for (const f of TOKEN_FIELDS) expect(whole.totals[f]).toBe(months.reduce((s, m) => s + m.totals[f], 0));
    const ids = new Set(months.flatMap((m) => m.keys.map((k) => k.id)));
    expect(new Set(whole.keys.map((k) => k.id))).toEqual(ids);
    for (const id of ids) expect(whole.keys.find((k) => k.id === id)!.spend_usd.toFixed(), id).toBe(spendOf(months, id).toFixed());
    for (const model of whole.totals.models) {
      const parts = months.flatMap((m) => m.totals.models.filter((x) => x.model === model.model));
      expect(model.total_tokens).toBe(parts.reduce((s, x) => s + x.total_tokens, 0));
    }
    checkInvariants(whole);
  });

  it.each(['org-nordlys', 'org-kattegat'])('%s: a range merged from 30-day parts equals the one answer for it', async (org) => {
    const period = { start_date: '2025-11-21', end_date: '2026-11-20' };
    const one = await reporting(server, org).getKeyUsage(period);
    requests.length = 0;
    const merged = await logged(org, 30).getKeyUsage(period);
    expect(requests.length).toBe(13);
    expect(decimalsAsText(merged)).toEqual(decimalsAsText(one));
    checkInvariants(one);
  });

  it('year and months up to 12 are single requests', async () => {
    requests.length = 0;
    const c = logged('org-nordlys');
    await c.getKeyUsage({ year: 2025 });
    await c.getKeyUsage({ months: 12 });
    expect(requests).toHaveLength(2);
  });

  it('months over 12 (more than 366 days) is the current month, then earlier ranges, merged', async () => {
    requests.length = 0;
    const u = await logged('org-nordlys').getKeyUsage({ months: 24 });
    // The service's today (2026-11-20) decides the months: 2024-12-01 to today.
    expect([u.start_date, u.end_date]).toEqual(['2024-12-01', '2026-11-20']);
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatch(/key-usage \(/);
    expect(requests[1]).toContain('start_date=2024-12-01&end_date=2025-12-01');
    expect(requests[2]).toContain('start_date=2025-12-02&end_date=2026-10-31');
    const range = await reporting(server, 'org-nordlys').getKeyUsage({ start_date: '2024-12-01', end_date: '2026-11-20' });
    expect(decimalsAsText(u)).toEqual(decimalsAsText(range));
    checkInvariants(u);
  });
});
