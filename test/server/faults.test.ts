import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { call, UA } from './_helpers.js';
import { tokenOf } from '../_harness/index.js';

let s: ReferenceServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });
const t = tokenOf('org-nordlys');

describe('injected faults', () => {
  it('fails `times` matching requests with the status and Retry-After, then works', async () => {
    s = await startReferenceServer({ faults: [{ path: '/api/orgs/org-nordlys/invoices', status: 503, times: 2, retryAfter: 3 }] });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(s.url, '/api/orgs/org-nordlys/invoices', { token: t });
      statuses.push(r.status);
      if (r.status === 503) {
        expect(r.headers['retry-after']).toBe('3');
        expect(r.json.error).toBe('injected_fault');
      }
    }
    expect(statuses).toEqual([503, 503, 200]);
    // other paths are untouched
    expect((await call(s.url, '/api/orgs/org-nordlys/plan-cost', { token: t })).status).toBe(200);
  });

  it('matches prefixes ending in * and regular expressions; without times it never stops', async () => {
    s = await startReferenceServer({ faults: [{ path: '/api/orgs/org-nordlys/key-*', status: 500 }, { path: /plan-cost$/, status: 429, times: 1 }] });
    for (let i = 0; i < 3; i++) expect((await call(s.url, '/api/orgs/org-nordlys/key-usage', { token: t })).status).toBe(500);
    expect((await call(s.url, '/api/orgs/org-nordlys/plan-cost', { token: t })).status).toBe(429);
    expect((await call(s.url, '/api/orgs/org-nordlys/plan-cost', { token: t })).status).toBe(200);
  });

  it('delays the answer by delayMs (a client timeout shorter than the delay gives up first)', async () => {
    s = await startReferenceServer({ faults: [{ path: '/api/orgs/org-nordlys/invoices', status: 504, delayMs: 1500, times: 1 }] });
    await expect(
      request(`${s.url}/api/orgs/org-nordlys/invoices`, { headers: { 'user-agent': UA, authorization: `Bearer ${t}` }, signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow();
  });
});
