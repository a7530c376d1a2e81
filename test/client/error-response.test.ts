// Issue 14 ("The public API"): API errors keep the status, the response body (cleaned), the
// headers and a request id when the server sends one; the CLI names the request id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, GatewayClient, ReportingClient, ResponseSchemaError, SearchFailedError, ServerError, isSvcError } from '../../src/index.js';
import { json, startFakeServer, type FakeServer } from './_fake-server.js';
import { svcBin } from '../_harness/index.js';

const TOKEN = 'tok-secret-0123456789';
const KEY = 'sk-secret-0123456789abcdef';
/** An organization whose token holds its own id: the id is public, the rest of the token is not. */
const OWN_ID_ORG = 'org-fjordline';
const OWN_ID_TOKEN = `rt_${OWN_ID_ORG}_5f0c9a2e7b13d468`;
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    if (req.url.startsWith(`/api/orgs/${OWN_ID_ORG}/`)) {
      // The service names the organization (12 characters of its token) and echoes the token's own part.
      return json(res, 500, { error: 'internal', message: `no ledger for ${OWN_ID_ORG}; token ${OWN_ID_TOKEN.slice(-16).toUpperCase()} rejected` }, { 'x-org': OWN_ID_ORG });
    }
    if (req.url.endsWith('/monthly-usage')) {
      // Longer than the 64 KiB of an error body the client reads: the JSON is cut off mid-message.
      return json(res, 400, { error: 'invalid_period', message: `year out of range ${'m'.repeat(70_000)}` });
    }
    if (req.url.endsWith('/invoices')) {
      // The body echoes the token and carries a raw terminal escape: both must come back cleaned.
      res.writeHead(500, { 'content-type': 'text/plain', 'x-request-id': 'req-42', 'set-cookie': 'session=abc' });
      return res.end(`boom for ${TOKEN} \u001b]0;x\u0007\nline 2`);
    }
    if (req.url.endsWith('/plan-cost')) return json(res, 200, { org_id: 'org-test', currency: 'DKK' }, { 'request-id': 'req-43' });
    if (req.url.startsWith('/v1/search')) return json(res, 429, { error: 'slow down' }, { 'cf-ray': '8a1b2c3d4e-CPH', 'retry-after': '120' });
    json(res, 404, {});
  });
});
afterAll(() => server.close());

const reporting = () => new ReportingClient({ baseUrl: server.url, token: TOKEN, orgId: 'org-test', maxRetries: 0 });

describe('ApiError keeps what the service sent', () => {
  it('status, cleaned body, headers (no set-cookie) and the request id', async () => {
    const e = (await reporting().listInvoices().catch((x: unknown) => x)) as ServerError;
    expect(e).toBeInstanceOf(ServerError);
    expect(isSvcError(e)).toBe(true);
    expect(e.status).toBe(500);
    expect(e.requestId).toBe('req-42');
    expect(e.headers?.['x-request-id']).toBe('req-42');
    expect(e.headers?.['content-type']).toBe('text/plain');
    expect(e.headers).not.toHaveProperty('set-cookie');
    expect(e.body).toBe('boom for *** \\x1b]0;x\\x07\nline 2');
  });

  it('a 200 this client cannot read keeps the headers and request id too', async () => {
    const e = (await reporting().getPlanCost().catch((x: unknown) => x)) as ResponseSchemaError;
    expect(e).toBeInstanceOf(ResponseSchemaError);
    expect(e.status).toBe(200);
    expect(e.requestId).toBe('req-43');
  });

  it('a failed search keeps them through SearchFailedError', async () => {
    const client = new GatewayClient({ gatewayUrl: server.url, apiKey: KEY, maxRetries: 0 });
    const e = (await client.search({ query: 'x' }).catch((x: unknown) => x)) as SearchFailedError;
    expect(e).toBeInstanceOf(SearchFailedError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(429);
    expect(e.requestId).toBe('8a1b2c3d4e-CPH');
    expect(JSON.parse(e.body!)).toEqual({ error: 'slow down' });
  });

  it('the CLI names the request id, for asking the service about it', async () => {
    const r = await svcBin(['invoices', 'list'], { SVC_BASE_URL: server.url, SVC_REPORTING_TOKEN: TOKEN, SVC_ORG_ID: 'org-test' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('svc: the service failed to answer (HTTP 500) (try again later; request id req-42)\n');
  });
});

// The second review of the key-fragment rule made the organization's id public to the answers'
// scans; the error messages, the kept body and headers and the debug log masked it still.
describe('an organization whose token holds its own id', () => {
  it('is named in the error, its body and headers and the log; the token\'s own part is masked', async () => {
    const lines: string[] = [];
    const client = new ReportingClient({ baseUrl: server.url, token: OWN_ID_TOKEN, orgId: OWN_ID_ORG, maxRetries: 0, env: {}, logger: (l) => lines.push(l) });
    const e = (await client.listInvoices().catch((x: unknown) => x)) as ServerError;
    expect(e).toBeInstanceOf(ServerError);
    expect(e.endpoint).toContain(`/api/orgs/${OWN_ID_ORG}/invoices`);
    expect(e.body).toBe(JSON.stringify({ error: 'internal', message: `no ledger for ${OWN_ID_ORG}; token *** rejected` }));
    expect(e.headers?.['x-org']).toBe(OWN_ID_ORG);
    expect(lines.join('\n')).toContain(`/api/orgs/${OWN_ID_ORG}/invoices`);
    const everything = [e.message, e.body, JSON.stringify(e.headers), ...lines].join('\n').toLowerCase();
    expect(everything).not.toContain('5f0c9a2e7b13');
    expect(everything).not.toContain('***/invoices');
  });

  it('an id quoted back in a refusal is shown, a piece of the token is not', async () => {
    const client = new ReportingClient({ baseUrl: server.url, token: OWN_ID_TOKEN, orgId: OWN_ID_ORG, maxRetries: 0, env: {} });
    const e = (await client.getInvoice(`${OWN_ID_ORG} 5f0c9a2e7b13d468`).catch((x: unknown) => x)) as Error;
    expect(e.message).toContain(OWN_ID_ORG);
    expect(e.message).not.toContain('5f0c9a2e7b13d468');
  });
});

// An outside embedder review: an error body past the 64 KiB the client reads no longer parsed, so
// `code` was undefined (code branching on it, as the README suggests, took the wrong branch) and
// the message was the JSON's raw text.
it('an error body cut off at 64 KiB keeps the code written before the cut', async () => {
  const e = (await reporting().getMonthlyUsage().catch((x: unknown) => x)) as ApiError;
  expect(e.status).toBe(400);
  expect(e.code).toBe('invalid_period');
  expect(e.message).not.toContain('{"error"');
  expect(e.message).toContain('invalid_period');
});
