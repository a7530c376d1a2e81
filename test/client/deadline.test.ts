// Issue 14, fault 3: a 200 answer whose body drips one byte at a time must not hang a streamed
// read. The client's one deadline (`timeoutMs`, per attempt) covers the whole body, streamed or not.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReportingClient, TimeoutError, ConnectionError } from '../../src/index.js';
import { fetchCostReportData } from '../../src/report/index.js';
import { json, startFakeServer, type FakeServer } from './_fake-server.js';

const ORG = 'org-nordlys';
const ID = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const DEADLINE_MS = 600;

/**
 * Sends headers at once, then one byte of `text` every `everyMs`; the text is padded so the
 * whole body would take over a minute, longer than any test waits.
 */
function drip(res: ServerResponse, type: string, text: string, everyMs: number): void {
  res.writeHead(200, { 'content-type': type });
  text = text.length > 1 ? `${text.slice(0, -1)}${' '.repeat(Math.ceil(60_000 / everyMs))}${text.slice(-1)}` : text;
  let i = 0;
  const timer = setInterval(() => {
    if (res.destroyed || i >= text.length) return clearInterval(timer);
    res.write(text[i++]!);
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    const path = req.url.split('?')[0];
    // org-drip: everything the cost workbook fetches answers at once, except its key usage.
    if (path === '/api/orgs/org-drip/monthly-usage') {
      return json(res, 200, { org_id: 'org-drip', months: [], available_years: [2026], summary: { total_usd_spend: '0', total_tokens: 0, total_requests: 0 } });
    }
    if (path === '/api/orgs/org-drip/plan-cost') return json(res, 403, { error: 'subscription_not_shared' });
    if (path === '/api/orgs/org-drip/invoices') return json(res, 200, []);
    if (path === '/api/orgs/org-drip/key-usage') return drip(res, 'application/json', '{"org_id":"org-drip","start_date":"2026-10-01","end_date":"2026-10-31","keys":[]}', 100);
    if (path === `/api/orgs/${ORG}/key-usage`) return drip(res, 'application/json', `{"org_id":"${ORG}","start_date":"2026-10-01","end_date":"2026-10-31","keys":[]}`, 100);
    if (path === `/api/orgs/${ORG}/invoices/${ID}/pdf`) return drip(res, 'application/pdf', `%PDF-1.7 ${'x'.repeat(200)}`, 100);
    if (path === `/api/orgs/${ORG}/invoices`) return drip(res, 'application/json', '[]', 400);
    if (path === `/api/orgs/${ORG}/cut`) {
      // Announces 1000 bytes, sends 10 and hangs up: the body is cut mid-way.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"org_id":');
      setTimeout(() => res.destroy(), 20);
      return;
    }
    res.writeHead(404).end();
  });
});
afterAll(() => server.close());

const client = (orgId = ORG) => new ReportingClient({ baseUrl: server.url, token: 'tok-deadline-123', orgId, timeoutMs: DEADLINE_MS, maxRetries: 0 });

/** How long `p` took to settle, and its error. */
async function settle(p: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  const error = await p.then(() => undefined, (e: unknown) => e);
  return { ms: Date.now() - started, error };
}

describe('the deadline covers the whole body', () => {
  test('a streamed key-usage body dripping a byte every 100 ms ends in a TimeoutError at the deadline', async () => {
    const { ms, error } = await settle(client().streamKeyUsage({ month: '2026-10' }, () => {}));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe(`time ran out: no complete answer from the reporting API at ${server.url} within ${DEADLINE_MS} ms`);
    expect(ms).toBeLessThan(5000);
  });

  test('the cost workbook\'s fetch (what `svc report cost` and the month end run) ends too', async () => {
    const { ms, error } = await settle(fetchCostReportData(client('org-drip'), { month: '2026-10' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(5000);
    expect((error as TimeoutError).endpoint).toBe('GET /api/orgs/org-drip/key-usage');
  });

  test('a dripping PDF saved to a file: TimeoutError, no file, no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-deadline-'));
    const { ms, error } = await settle(client().saveInvoicePdf(ID, join(dir, 'i.pdf')));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(5000);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a JSON body read whole is held to the same deadline', async () => {
    const { error } = await settle(client().listInvoices());
    expect(error).toBeInstanceOf(TimeoutError);
  });

  test('a body cut mid-way is said to have broken off, not that the service could not be reached', async () => {
    const c = client();
    const { error } = await settle(c.http.request({ path: `/api/orgs/${ORG}/cut`, what: 'cut' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/^the answer from http:\/\/127\.0\.0\.1:\d+ broke off before it was complete/);
    expect((error as ConnectionError).afterAnswer).toBe(true);
  });
});
