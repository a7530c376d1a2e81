import { afterEach, describe, expect, it } from 'vitest';
import type { ReferenceServer, ServerFault } from '../../src/server/index.js';
import { ApiError, ConnectionError, RateLimitError, ServerError, TimeoutError } from '../../src/client/errors/index.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { reporting, tokenOf } from '../_harness/index.js';
import { startReferenceServer } from '../../src/server/index.js';

let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function withFaults(faults: ServerFault[]): Promise<ReferenceServer> {
  server = await startReferenceServer({ faults });
  return server;
}

const PLAN = '/api/orgs/org-nordlys/plan-cost';

describe('retries against the reference server', () => {
  it('503 twice, then the answer', async () => {
    const s = await withFaults([{ path: PLAN, status: 503, times: 2 }]);
    const lines: string[] = [];
    const cost = await reporting(s, 'org-nordlys', { logger: (l) => lines.push(l) }).getPlanCost();
    expect(cost.currency).toBe('DKK');
    expect(lines.filter((l) => l.includes('svc: retry'))).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(tokenOf('org-nordlys'));
  });

  it('gives up after maxRetries with a ServerError', async () => {
    const s = await withFaults([{ path: PLAN, status: 500 }]);
    const e = await reporting(s, 'org-nordlys', { maxRetries: 1 }).getPlanCost().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServerError);
  });

  it('waits as long as Retry-After asks after a 429', async () => {
    const s = await withFaults([{ path: '/api/orgs/org-nordlys/invoices', status: 429, times: 1, retryAfter: 1 }]);
    const t0 = Date.now();
    const list = await reporting(s, 'org-nordlys').listInvoices();
    expect(list.length).toBe(3);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
  });

  it('reports a RateLimitError when 429 persists', async () => {
    const s = await withFaults([{ path: PLAN, status: 429, retryAfter: 0 }]);
    const e = await reporting(s, 'org-nordlys').getPlanCost().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RateLimitError);
  });

  it('times out a slow answer, retries, and succeeds when it is quick again', async () => {
    const s = await withFaults([{ path: PLAN, status: 200, delayMs: 2000, times: 1 }]);
    const cost = await reporting(s, 'org-nordlys').getPlanCost(undefined, { timeoutMs: 200 });
    expect(cost.currency).toBe('DKK');
    const s2 = await startReferenceServer({ faults: [{ path: PLAN, status: 200, delayMs: 2000 }] });
    try {
      const e = await reporting(s2, 'org-nordlys', { maxRetries: 0 }).getPlanCost(undefined, { timeoutMs: 150 }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(TimeoutError);
    } finally {
      await s2.close();
    }
  });

  it('never retries any other 4xx: one attempt, then the error', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      const s = await withFaults([{ path: PLAN, status, times: 1, retryAfter: 0 }]);
      const lines: string[] = [];
      const client = reporting(s, 'org-nordlys', { logger: (l) => lines.push(l) });
      const e = await client.getPlanCost().catch((x: unknown) => x);
      expect(e, `status ${status}`).toBeInstanceOf(ApiError);
      expect((e as ApiError).status, `status ${status}`).toBe(status);
      expect(lines.filter((l) => l.includes('→ GET')), `status ${status}`).toHaveLength(1);
      // The fault was used up by that one attempt: the next call gets the answer.
      expect((await client.getPlanCost()).currency).toBe('DKK');
      await s.close();
      server = undefined;
    }
  });

  it('honours Retry-After on a 503 too, and fails at once when it asks for more than a minute', async () => {
    const s = await withFaults([
      { path: PLAN, status: 503, times: 1, retryAfter: 1 },
      { path: '/api/orgs/org-nordlys/monthly-usage', status: 503, retryAfter: 120 },
    ]);
    let t0 = Date.now();
    expect((await reporting(s, 'org-nordlys').getPlanCost()).currency).toBe('DKK');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    const lines: string[] = [];
    t0 = Date.now();
    const e = await reporting(s, 'org-nordlys', { logger: (l) => lines.push(l) }).getMonthlyUsage().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServerError);
    expect(Date.now() - t0).toBeLessThan(900);
    expect(lines.filter((l) => l.includes('→ GET'))).toHaveLength(1);
  });

  // An outside embedder review: Date.parse reads '-5' as the year -5, so the retries went at once
  // and the error said "try again in 0 s". A Retry-After that is not a delay or a date is none.
  it('a negative Retry-After is no Retry-After: the usual backoff, and no wait on the error', async () => {
    const s = await withFaults([{ path: PLAN, status: 429, retryAfter: -5 }]);
    const lines: string[] = [];
    const e = (await reporting(s, 'org-nordlys', { maxRetries: 1, logger: (l) => lines.push(l) }).getPlanCost().catch((x: unknown) => x)) as RateLimitError;
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e.retryAfterMs).toBeUndefined();
    expect(e.hint).toBe('wait a little and try again');
    expect(lines.filter((l) => l.includes('svc: retry'))).toHaveLength(1);
  });

  it('retries a refused connection, then reports a ConnectionError without the token', async () => {
    const s = await withFaults([]);
    const url = s.url;
    await s.close();
    server = undefined;
    const lines: string[] = [];
    const client = new ReportingClient({ baseUrl: url, orgId: 'org-nordlys', token: tokenOf('org-nordlys'), env: {}, retry: { initialDelayMs: 1, maxDelayMs: 5 }, logger: (l) => lines.push(l) });
    const e = await client.listInvoices().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ConnectionError);
    expect(lines.filter((l) => l.includes('svc: retry'))).toHaveLength(2);
    expect(`${(e as Error).message} ${(e as ApiError).hint ?? ''} ${lines.join('\n')}`).not.toContain(tokenOf('org-nordlys'));
  });
});
