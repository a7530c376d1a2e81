import { describe, expect, it } from 'vitest';
import { OrgPlanCostSchema } from '../../src/model/index.js';
import { call } from './_helpers.js';
import { tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();
const get = (q: string, org = 'org-nordlys') => call(s.url, `/api/orgs/${org}/plan-cost${q}`, { token: tokenOf(org) });
type Line = { service: string; type: string; plan: string | null; unit_price_cents: number; quantity: number; line_total_cents: number; period: unknown; custom_price: boolean; core_plan: string | null };

describe('plan cost', () => {
  it('DKK by default: list prices, per-seat dev lines per plan, part-month lines priced for their days', async () => {
    const r = await get('');
    OrgPlanCostSchema.parse(r.json);
    expect(r.json).toMatchObject({ currency: 'DKK', seats: 8, core_plan: 'medium', company_size_tier: '50-249', missing: [] });
    const brief = r.json.lines.map((l: Line) => [l.service, l.type, l.plan, l.unit_price_cents, l.quantity, l.line_total_cents]);
    expect(brief).toEqual([
      ['private_llm', 'assistant', null, 1250000, 1, 1250000],
      ['connect', 'integrations', null, 150000, 1, 150000],
      // router since 2026-11-10: 21 of 30 days of 4950.00
      ['llm_router', 'public_models', null, 346500, 1, 346500],
      // two go seats since 2026-11-16: 15 of 30 days of 199.00
      ['private_llm', 'coding', 'go', 9950, 2, 19900],
      ['private_llm', 'coding', 'pro', 39900, 6, 239400],
    ]);
    expect(r.json.lines[2].period).toEqual({ first_day: '2026-11-10', last_day: '2026-11-30' });
    expect(r.json.lines[0].core_plan).toBe('medium');
    expect(r.json.total_monthly_cents).toBe(r.json.lines.reduce((a: number, l: Line) => a + l.line_total_cents, 0));
    for (const l of r.json.lines) expect(l.line_total_cents).toBe(l.unit_price_cents * l.quantity);
  });

  it('each currency uses its own hand-set price; a product without one is missing', async () => {
    const usd = await get('?currency=USD');
    expect(usd.json.currency).toBe('USD');
    expect(usd.json.lines[0].unit_price_cents).toBe(181000);
    expect(usd.json.missing).toEqual([{ service: 'connect', type: 'integrations', plan: null }]);
    const eur = await get('?currency=EUR', 'org-kattegat');
    expect(eur.json.missing).toEqual([{ service: 'private_llm', type: 'coding', plan: 'max' }]);
    expect(eur.json.total_monthly_cents).toBe(eur.json.lines.reduce((a: number, l: Line) => a + l.line_total_cents, 0));
  });

  it('an agreed price is marked custom and carries no core_plan', async () => {
    const r = await get('?currency=EUR', 'org-fjordline');
    const router = r.json.lines.find((l: Line) => l.service === 'llm_router');
    expect(router).toMatchObject({ unit_price_cents: 40000, custom_price: true, core_plan: null });
    expect(r.json.lines[0]).toMatchObject({ unit_price_cents: 95000, core_plan: 'small', custom_price: false });
    expect(r.json.seats).toBe(0);
  });

  it('400 for an unknown currency', async () => {
    const r = await get('?currency=SEK');
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/currency must be one of DKK, EUR, USD/);
  });
});
