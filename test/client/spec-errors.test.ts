import { inspect } from 'node:util';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/server/index.js';
import { HttpPipeline } from '../../src/client/http-pipeline.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import type { ReportingApi } from '../../src/client/api.js';
import { ApiError, AuthenticationError, BadRequestError, EdgeRejectedError, NotFoundError, PermissionDeniedError, SetupNeedsAttentionError } from '../../src/client/errors/index.js';
import { ALL_TOKENS, FAST, partner, reporting, samplesWithShares, tokenOf, useReferenceServer } from '../_harness/index.js';
import { startReferenceServer } from '../../src/server/index.js';

const server = useReferenceServer();
let unshared: ReferenceServer;
let unsharedDir: string;
beforeAll(async () => {
  // The samples share invoices and the subscription everywhere; a copy turns them off for one org.
  unsharedDir = samplesWithShares({ 'org-kattegat': { invoices: false, subscription: false } });
  unshared = await startReferenceServer({ dataDir: unsharedDir });
});
afterAll(async () => {
  await unshared.close();
  rmSync(unsharedDir, { recursive: true, force: true });
});

const NORDLYS_OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const KATTEGAT_OCT = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const MISSING = '00000000-0000-4000-8000-000000000000';
const errors: ApiError[] = [];

/** Every call of endpoints 1-6 on one client. */
const endpoints = (c: ReportingApi, invoiceId = NORDLYS_OCT): Array<[string, () => Promise<unknown>]> => [
  ['1 list invoices', () => c.listInvoices()],
  ['2 get invoice', () => c.getInvoice(invoiceId)],
  ['3 invoice pdf', () => c.getInvoicePdf(invoiceId)],
  ['4 key usage', () => c.getKeyUsage()],
  ['5 monthly usage', () => c.getMonthlyUsage()],
  ['6 plan cost', () => c.getPlanCost()],
];

async function refusal<T extends ApiError>(p: Promise<unknown>, cls: new (...a: never[]) => T): Promise<T> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(cls);
  errors.push(e as ApiError);
  return e as T;
}

describe('spec §7 against the reference server', () => {
  it('401 on endpoints 1-6 for an unknown token', async () => {
    const c = new ReportingClient({ baseUrl: server.url, orgId: 'org-nordlys', token: 'rt_revoked_0000', env: {}, ...FAST });
    for (const [, call] of endpoints(c)) {
      const e = await refusal(call(), AuthenticationError);
      expect(e.message).toContain('reporting token (SVC_REPORTING_TOKEN) was refused');
    }
  });

  it("403 on endpoints 1-6 for another organization's id", async () => {
    const c = new ReportingClient({ baseUrl: server.url, orgId: 'org-kattegat', token: tokenOf('org-nordlys'), env: {}, ...FAST });
    for (const [, call] of endpoints(c, KATTEGAT_OCT)) {
      const e = await refusal(call(), PermissionDeniedError);
      expect(e.message).toBe('this token belongs to another organization');
      expect(e.hint).toContain('SVC_ORG_ID');
    }
  });

  it('403 on endpoints 4-5 when usage is not shared', async () => {
    const c = reporting(server, 'org-fjordline');
    for (const call of [() => c.getKeyUsage({ month: '2026-10' }), () => c.getMonthlyUsage()]) {
      const e = await refusal(call(), PermissionDeniedError);
      expect(e.message).toBe('usage is not shared with this organization');
    }
    expect((await c.listInvoices()).length).toBeGreaterThan(0);
    expect((await c.getPlanCost()).currency).toBe('DKK');
  });

  it('403 on endpoints 1-3 when invoices are not shared, and on 6 when the subscription is not', async () => {
    const c = reporting(unshared, 'org-kattegat');
    for (const [name, call] of endpoints(c, KATTEGAT_OCT).filter(([n]) => /^[123] /.test(n))) {
      const e = await refusal(call(), PermissionDeniedError);
      expect(e.message, name).toBe('invoices are not shared with this organization');
    }
    expect((await refusal(c.getPlanCost(), PermissionDeniedError)).message).toBe('the subscription is not shared with this organization');
    expect((await c.getKeyUsage()).org_id).toBe('org-kattegat');
  });

  it("404 on endpoints 2-3 for a missing invoice or another organization's", async () => {
    const c = reporting(server, 'org-nordlys');
    for (const id of [MISSING, KATTEGAT_OCT]) {
      expect((await refusal(c.getInvoice(id), NotFoundError)).message).toBe(`invoice ${id} of org-nordlys was not found`);
      await refusal(c.getInvoicePdf(id), NotFoundError);
    }
  });

  it('409 on endpoints 1-4 when the setup needs attention; 5 and 6 still answer', async () => {
    const c = reporting(server, 'org-havblik');
    const list = endpoints(c, MISSING);
    for (const [, call] of list.slice(0, 4)) {
      const e = await refusal(call(), SetupNeedsAttentionError);
      expect(e.message).toBe("the organization's setup needs attention on the service's side");
    }
    expect((await c.getMonthlyUsage()).org_id).toBe('org-havblik');
    expect((await c.getPlanCost()).currency).toBe('DKK');
  });

  it('400 on endpoint 4 for conflicting or too long periods, with the reason', async () => {
    const c = reporting(server, 'org-nordlys');
    const path = '/api/orgs/org-nordlys/key-usage';
    const conflict = await refusal(c.http.request({ path, what: 'key usage', query: { month: '2026-10', year: 2026 } }), BadRequestError);
    expect(conflict.reason).toMatch(/conflicting|at most one/);
    const long = await refusal(
      c.http.request({ path, what: 'key usage', query: { start_date: '2024-01-01', end_date: '2025-12-31' } }),
      BadRequestError,
    );
    expect(long.reason).toContain('366');
  });

  it('400 on endpoint 5 when both months and year are sent', async () => {
    const c = reporting(server, 'org-nordlys');
    const e = await refusal(c.http.request({ path: '/api/orgs/org-nordlys/monthly-usage', what: 'monthly usage', query: { months: 3, year: 2025 } }), BadRequestError);
    expect(e.reason.length).toBeGreaterThan(0);
  });

  it('401 and 403 on endpoint 7', async () => {
    await refusal(partner(server, 'pt_unknown_0000').getPartnerStatus(), AuthenticationError);
    const e = await refusal(partner(server, tokenOf('org-nordlys')).getPartnerStatus(), PermissionDeniedError);
    expect(e.message).toBe('this token is not a partner token');
    const p = await refusal(
      new ReportingClient({ baseUrl: server.url, orgId: 'org-bifrost', token: ALL_TOKENS.at(-1)!, env: {}, ...FAST }).getKeyUsage(),
      PermissionDeniedError,
    );
    expect(p.message).toBe('a partner token opens only partner status');
  });

  it('the edge proxy refuses library default user agents with 1010', async () => {
    for (const ua of ['undici', 'node', 'python-requests/2.32.3']) {
      const http = new HttpPipeline({ baseUrl: server.url, token: tokenOf('org-nordlys'), userAgent: ua, ...FAST });
      await refusal(http.request({ path: '/api/orgs/org-nordlys/plan-cost', what: 'plan cost' }), EdgeRejectedError);
    }
  });

  it('no error message, hint or inspection contains a token', () => {
    expect(errors.length).toBeGreaterThan(30);
    for (const e of errors) {
      const text = `${e.message}\n${e.hint ?? ''}\n${inspect(e, { depth: 10 })}\n${JSON.stringify(e)}`;
      for (const t of ALL_TOKENS) expect(text).not.toContain(t);
    }
  });
});
