// What a strict reference server holds a client to, found by an outside audit against the specs
// (gateway-and-cli.md §2, §4; reporting-api.md §4), over real loopback HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { call } from './_helpers.js';
import { apiKey, tokenOf } from '../_harness/index.js';

// Nordlys's October invoice in the samples (samples/invoices).
const INVOICE = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const SEARCH = '/v1/search/service-search';

let s: ReferenceServer;
beforeAll(async () => {
  s = await startReferenceServer({});
});
afterAll(async () => {
  await s.close();
});

describe('paths', () => {
  it('a 405 names each allowed method once, on the invoice routes too', async () => {
    for (const path of [`/api/orgs/org-nordlys/invoices/${INVOICE}`, `/api/orgs/org-nordlys/invoices/${INVOICE}/pdf`, '/api/orgs/org-nordlys/invoices']) {
      const r = await call(s.url, path, { method: 'DELETE', token: tokenOf('org-nordlys') });
      expect([r.status, r.headers.allow]).toEqual([405, 'GET, HEAD']);
    }
  });

  it('percent-encoded unreserved characters are the same path (RFC 3986 §2.3), in the invoice id as in the org id', async () => {
    const token = tokenOf('org-nordlys');
    const plain = await call(s.url, `/api/orgs/org-nordlys/invoices/${INVOICE}`, { token });
    expect(plain.status).toBe(200);
    const encoded = await call(s.url, `/api/orgs/org%2Dnordlys/invoices/%36${INVOICE.slice(1).replace(/-/g, '%2d')}`, { token });
    expect([encoded.status, encoded.text]).toEqual([200, plain.text]);
    // An escaped slash is not a path separator.
    expect((await call(s.url, `/api/orgs/org-nordlys%2Finvoices`, { token })).status).toBe(404);
  });
});

describe('search (gateway spec §2, §4)', () => {
  const key = () => apiKey('key-nl-001');

  it('takes its body only as application/json: 415 otherwise, or with no Content-Type', async () => {
    const body = { query: 'svc' };
    for (const contentType of ['text/plain', null, 'application/x-www-form-urlencoded']) {
      const r = await call(s.url, SEARCH, { method: 'POST', token: key(), body, contentType });
      expect([r.status, r.json?.error]).toEqual([415, 'unsupported_media_type']);
    }
    for (const contentType of ['application/json', 'Application/JSON; charset=utf-8']) {
      const r = await call(s.url, SEARCH, { method: 'POST', token: key(), body, contentType });
      expect(r.status).toBe(200);
      expect(Array.isArray(r.json.results)).toBe(true);
    }
  });

  it('a query of only blanks is no search text: 400 naming query', async () => {
    for (const query of ['', '   ', '\t\n']) {
      const r = await call(s.url, SEARCH, { method: 'POST', token: key(), body: { query } });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/query/);
    }
  });
});

describe('monthly usage', () => {
  it('a window without spend totals 0 DKK, not null (nothing spent is 0 at any rate)', async () => {
    // 2024: before Nordlys was created, no usage and no stored rate.
    const r = await call(s.url, '/api/orgs/org-nordlys/monthly-usage?year=2024', { token: tokenOf('org-nordlys') });
    expect(r.status).toBe(200);
    expect(r.json.months.every((m: { usd_spend: string }) => m.usd_spend === '0')).toBe(true);
    expect([r.json.summary.total_usd_spend, r.json.summary.total_dkk_spend]).toEqual(['0', '0']);
  });
});
