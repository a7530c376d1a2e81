// Issue 19, item 4: every `--json` that promises the API's data prints what the service sent,
// fields beyond the spec's included. The built svc talks to a proxy in front of the reference
// server that adds such fields to every answer (the first case as the real bin, the others its
// code in-process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEYS, PARTNER_TOKEN, svcBin, svcInProcess, tokenOf, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();
let proxy: Server;
let url: string;

/** The answer with `service_note` added to it and to the records inside it (a newer service's fields). */
function withExtras(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((v) => withExtras(v, depth + 1));
  if (value && typeof value === 'object' && depth < 3) {
    const o = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtras(v, depth + 1)]));
    return { ...o, service_note: `added at depth ${depth}` };
  }
  return value;
}

beforeAll(async () => {
  proxy = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    // A failed relay answers 502 (naming why) rather than leaving the request open and its rejection unhandled.
    req.on('end', () => void relay().catch((e: unknown) => res.writeHead(502).end(String(e))));
    async function relay(): Promise<void> {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => ['authorization', 'content-type', 'user-agent', 'accept'].includes(k))) as Record<string, string>;
      const answer = await fetch(server.url + req.url, { ...(req.method ? { method: req.method } : {}), headers, ...(body ? { body } : {}) });
      const text = await answer.text();
      const out = answer.ok ? JSON.stringify(withExtras(JSON.parse(text))) : text;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(out);
    }
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => proxy.close(() => r()));
});

describe('--json keeps the fields the service sent', () => {
  const reporting = () => ({ SVC_BASE_URL: url, SVC_REPORTING_TOKEN: tokenOf('org-nordlys'), SVC_ORG_ID: 'org-nordlys' });
  const cases: Array<[string, string[], () => Record<string, string>, (out: any) => unknown[]]> = [
    ['search', ['search', '--json', 'skat'], () => ({ SVC_GATEWAY_URL: url, SVC_API_KEY: KEYS.limited }), (o) => [o, o.results[0]]],
    ['auth fields', ['auth', 'fields', '--json'], () => ({ SVC_GATEWAY_URL: url, SVC_API_KEY: KEYS.devSeat }), (o) => [o, o.fields[0]]],
    ['invoices list', ['invoices', 'list', '--json'], reporting, (o) => [o[0]]],
    ['invoices get', ['invoices', 'get', '2026-0142', '--json'], reporting, (o) => [o, o.lines[0]]],
    ['report keys', ['report', 'keys', '--month', '2026-10', '--json'], reporting, (o) => [o, o.keys[0]]],
    ['report monthly-usage', ['report', 'monthly-usage', '--json'], reporting, (o) => [o, o.months[0]]],
    ['report plan-cost', ['report', 'plan-cost', '--json'], reporting, (o) => [o]],
    ['partner status', ['partner', 'status', '--json'], () => ({ SVC_BASE_URL: url, SVC_PARTNER_TOKEN: PARTNER_TOKEN }), (o) => [o, o.customers[0]]],
  ];
  // The first as the real bin, the others the built code in this process.
  it.each(cases)('svc %s', async (name, argv, env, records) => {
    const r = await (name === cases[0]![0] ? svcBin : svcInProcess)(argv, env());
    expect(r.code, r.stderr).toBe(0);
    for (const record of records(JSON.parse(r.stdout))) expect(record).toHaveProperty('service_note');
  });
});
