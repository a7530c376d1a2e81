// Every row of reporting spec §7 that concerns auth, sharing and attention, plus the 1010 edge rule.
import { describe, expect, it } from 'vitest';
import { call } from './_helpers.js';
import { PARTNER_TOKEN, tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();

const NL_INVOICE = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const FJ_INVOICE = '9e8d7c6b-5a49-4b38-8c27-16f5e4d3c2b1';
const orgPaths = (org: string, inv: string) => [
  `/api/orgs/${org}/invoices`, `/api/orgs/${org}/invoices/${inv}`, `/api/orgs/${org}/invoices/${inv}/pdf`,
  `/api/orgs/${org}/key-usage`, `/api/orgs/${org}/monthly-usage`, `/api/orgs/${org}/plan-cost`,
];

describe('401: missing, unknown token', () => {
  it.each([...orgPaths('org-nordlys', NL_INVOICE), '/api/partner/status'])('%s', async (p) => {
    for (const token of [undefined, 'rt_nope']) {
      const r = await call(s.url, p, { token });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'unauthorized', message: expect.any(String) });
      if (token) expect(r.text).not.toContain(token);
    }
  });
});

describe('403', () => {
  it.each(orgPaths('org-kattegat', NL_INVOICE))('another organization\'s id: %s', async (p) => {
    const r = await call(s.url, p, { token: tokenOf('org-nordlys') });
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/another organization/);
  });
  it.each(orgPaths('org-nordlys', NL_INVOICE))('a partner token on %s', async (p) => {
    expect((await call(s.url, p, { token: PARTNER_TOKEN })).status).toBe(403);
  });
  it('a reporting token on partner status: caller is not a partner', async () => {
    const r = await call(s.url, '/api/partner/status', { token: tokenOf('org-nordlys') });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('not_partner');
  });
  it('usage not shared: key-usage and monthly-usage 403, invoices and plan cost open', async () => {
    const t = tokenOf('org-fjordline');
    for (const p of ['key-usage', 'monthly-usage']) {
      const r = await call(s.url, `/api/orgs/org-fjordline/${p}`, { token: t });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ error: 'usage_not_shared', message: 'usage is not shared with this organization' });
    }
    expect((await call(s.url, '/api/orgs/org-fjordline/invoices', { token: t })).status).toBe(200);
    expect((await call(s.url, `/api/orgs/org-fjordline/invoices/${FJ_INVOICE}`, { token: t })).status).toBe(200);
    expect((await call(s.url, '/api/orgs/org-fjordline/plan-cost', { token: t })).status).toBe(200);
  });
});

describe('404 on invoices', () => {
  it('unknown uuid, another organization\'s invoice, a non-uuid id', async () => {
    const t = tokenOf('org-nordlys');
    for (const id of ['00000000-0000-4000-8000-000000000000', FJ_INVOICE, 'not-a-uuid']) {
      for (const suffix of ['', '/pdf']) {
        const r = await call(s.url, `/api/orgs/org-nordlys/invoices/${id}${suffix}`, { token: t });
        expect(r.status).toBe(404);
        expect(r.json.error).toBe('not_found');
      }
    }
  });
});

describe('409: setup needs attention', () => {
  it('endpoints 1-4 answer 409, 5 and 6 do not', async () => {
    const t = tokenOf('org-havblik');
    for (const p of orgPaths('org-havblik', NL_INVOICE).slice(0, 4)) {
      const r = await call(s.url, p, { token: t });
      expect(r.status, p).toBe(409);
      expect(r.json.message).toBe("the organization's setup needs attention on the service's side");
    }
    expect((await call(s.url, '/api/orgs/org-havblik/monthly-usage', { token: t })).status).toBe(200);
    expect((await call(s.url, '/api/orgs/org-havblik/plan-cost', { token: t })).status).toBe(200);
  });
});

describe('1010: the edge proxy rejects missing or library-default User-Agents', () => {
  it.each([null, '', 'undici', 'node', 'node-fetch/1.0', 'axios/1.7.2', 'python-requests/2.32.3', 'Python-urllib/3.12', 'Go-http-client/1.1'])('%s', async (ua) => {
    const r = await call(s.url, '/api/orgs/org-nordlys/invoices', { token: tokenOf('org-nordlys'), ua });
    expect(r.status).toBe(403);
    expect(r.text).toBe('error code: 1010');
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
  });
  it('a descriptive agent (and curl) passes', async () => {
    for (const ua of ['svc/0.1.0 (node/20.18.0)', 'curl/8.5.0']) {
      expect((await call(s.url, '/api/orgs/org-nordlys/invoices', { token: tokenOf('org-nordlys'), ua })).status).toBe(200);
    }
  });
});

describe('unknown paths and methods', () => {
  it('404 JSON for an unknown path, 405 for a wrong method', async () => {
    expect((await call(s.url, '/api/nothing')).json.error).toBe('not_found');
    const r = await call(s.url, '/api/orgs/org-nordlys/invoices', { method: 'POST', body: {} , token: tokenOf('org-nordlys') });
    expect(r.status).toBe(405);
    // An id that does not decode is no organization's: the spec gives endpoint 1 only 401 and 403 (strict-targets.test.ts).
    expect((await call(s.url, '/api/orgs/%E0%A4%A/invoices', { token: tokenOf('org-nordlys') })).status).toBe(403);
  });
});
