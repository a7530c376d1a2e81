// Issue 25 (5): the served OpenAPI document is one a client can be generated from. openapi-typescript
// (a generator not written here, default options) turns it into types; every JSON answer of the
// reference server, taken over real HTTP, is then written as a literal of its operation's response
// type and type-checked with tsc --strict: a field the server sends that the document lacks, a
// required one it leaves out, or a wrong type fails. A changed answer shows the check can fail.
// The document's own words are checked too: every record and property described, the spec's
// default declared, one year rule on both usage endpoints, served as the document says.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './_helpers.js';
import { PARTNER_TOKEN, apiKey, tokenOf, useReferenceServer } from '../_harness/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'svc-openapi-client-'));
const s = useReferenceServer();
let doc: any;
beforeAll(async () => {
  const r = await call(s.url, '/api/openapi.json');
  doc = r.json;
  writeFileSync(join(dir, 'openapi.json'), r.text);
  // The generator's own function, as its CLI (bin/cli.js) calls it with no flags: the same
  // api.d.ts byte for byte, without a second Node loading TypeScript (which this worker may have).
  writeFileSync(join(dir, 'api.d.ts'), COMMENT_HEADER + astToString(await openapiTS(pathToFileURL(join(dir, 'openapi.json')), {})));
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const NORDLYS_OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
const rt = tokenOf('org-nordlys');
const key = apiKey('key-nl-001');
// [documented path, method, status, request path, options]
const ANSWERS: Array<[string, 'get' | 'post', number, string, Parameters<typeof call>[2]]> = [
  ['/api/orgs/{org_id}/invoices', 'get', 200, '/api/orgs/org-nordlys/invoices', { token: rt }],
  ['/api/orgs/{org_id}/invoices/{invoice_id}', 'get', 200, `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT}`, { token: rt }],
  ['/api/orgs/{org_id}/key-usage', 'get', 200, '/api/orgs/org-nordlys/key-usage?month=2026-10', { token: rt }],
  ['/api/orgs/{org_id}/key-usage', 'get', 200, '/api/orgs/org-kattegat/key-usage?year=2026', { token: tokenOf('org-kattegat') }],
  ['/api/orgs/{org_id}/key-usage', 'get', 400, '/api/orgs/org-nordlys/key-usage?months=13', { token: rt }],
  ['/api/orgs/{org_id}/monthly-usage', 'get', 200, '/api/orgs/org-nordlys/monthly-usage', { token: rt }],
  ['/api/orgs/{org_id}/plan-cost', 'get', 200, '/api/orgs/org-nordlys/plan-cost?currency=EUR', { token: rt }],
  ['/api/orgs/{org_id}/plan-cost', 'get', 200, '/api/orgs/org-kattegat/plan-cost', { token: tokenOf('org-kattegat') }],
  ['/api/partner/status', 'get', 200, '/api/partner/status', { token: PARTNER_TOKEN }],
  ['/v1/service/key', 'get', 200, '/v1/service/key', { token: key }],
  ['/v1/search/service-search', 'post', 200, '/v1/search/service-search', { token: key, body: { query: 'moms' } }],
  ['/key/info', 'get', 200, '/key/info', { token: key }],
  ['/key/info', 'get', 200, '/key/info', { token: apiKey('kattegat-002') }],
  ['/key/info', 'get', 200, '/key/info', { token: apiKey('key-nl-005') }],
  ['/v1/model/info', 'get', 200, '/v1/model/info', { token: key }],
  ['/user/daily/activity', 'get', 200, '/user/daily/activity?start_date=2026-10-01&end_date=2026-10-31', { token: key }],
  ['/api/partner/status', 'get', 401, '/api/partner/status', {}],
];

/** A TypeScript file declaring each answer as a literal of its generated response type. */
function checkFile(answers: Array<{ path: string; method: string; status: number; body: string }>): string {
  const lines = ["import type { paths } from './api';", ''];
  answers.forEach((a, i) => {
    lines.push(`export const answer${i}: paths[${JSON.stringify(a.path)}][${JSON.stringify(a.method)}]['responses'][${a.status}]['content']['application/json'] = ${a.body};`);
  });
  return lines.join('\n') + '\n';
}

/**
 * tsc --strict over the files (name → source) in one run: a program's start (the standard
 * library's declarations) costs most of its time. Its output, one error per line, each starting
 * with the file it is in ("bad.ts(3,14): error TS…", continuation lines indented).
 * The standard library is ES2022's without the DOM (JSON answers and the generated types need
 * nothing of a browser), and TypeScript's own lib files are not checked again
 * (--skipDefaultLibCheck): 4.7 s of CPU down to 1.1 s. The generated api.d.ts is still checked.
 */
async function typeCheck(files: Record<string, string>): Promise<string> {
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  try {
    await run(join(ROOT, 'node_modules/.bin/tsc'), ['--strict', '--noEmit', '--target', 'es2022', '--lib', 'es2022', '--skipDefaultLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler', ...Object.keys(files)], { cwd: dir, encoding: 'utf8' });
    return '';
  } catch (e) {
    return (e as { stdout: string }).stdout;
  }
}

describe('a client generated from /api/openapi.json with openapi-typescript', () => {
  let answers: Array<{ path: string; method: string; status: number; body: string }> = [];
  beforeAll(async () => {
    answers = [];
    for (const [path, method, status, url, opts] of ANSWERS) {
      const r = await call(s.url, url, { ...opts, ...(method === 'post' ? { method: 'POST' } : {}) });
      expect(r.status, url).toBe(status);
      answers.push({ path, method, status, body: r.text });
    }
  });

  // The real answers (answers.ts) and three wrong ones (bad.ts) in one tsc run, read by both tests.
  let checked: Promise<string> | undefined;
  const typeChecked = (): Promise<string> => (checked ??= (() => {
    const usage = answers.find((a) => a.path === '/api/orgs/{org_id}/key-usage' && a.status === 200)!;
    const body = JSON.parse(usage.body);
    const missing = { ...usage, body: JSON.stringify({ ...body, totals: { ...body.totals, spend_usd: undefined } }) };
    const extra = { ...usage, body: JSON.stringify({ ...body, surprise: 1 }) };
    const wrong = { ...usage, body: JSON.stringify({ ...body, start_date: 20261001 }) };
    return typeCheck({ 'answers.ts': checkFile(answers), 'bad.ts': checkFile([missing, extra, wrong]) });
  })());

  it('type-checks every JSON answer of the reference server (tsc --strict)', async () => {
    // Nothing but bad.ts's errors (and their indented continuation lines).
    expect((await typeChecked()).split('\n').filter((l) => l && !l.startsWith('bad.ts(') && !l.startsWith(' '))).toEqual([]);
  }, 60_000);

  it('and fails on an answer the document does not describe (a field left out, one added, a wrong type)', async () => {
    const out = await typeChecked();
    expect(out).toMatch(/bad\.ts\(3,.*spend_usd/);
    expect(out).toMatch(/bad\.ts\(4,.*surprise/);
    expect(out).toMatch(/bad\.ts\(5,.*number.*string/);
  }, 60_000);
});

describe('the document in the spec\'s words', () => {
  it('describes every record and every property, inline objects included', () => {
    const undescribed: string[] = [];
    let count = 0;
    const walk = (schema: any, at: string) => {
      const props = schema?.properties ?? schema?.additionalProperties?.properties;
      for (const [name, prop] of Object.entries<any>(props ?? {})) {
        count++;
        if (typeof prop.description !== 'string' || !/\w/.test(prop.description)) undescribed.push(`${at}.${name}`);
        walk(prop, `${at}.${name}`);
        for (const k of ['items', 'anyOf']) for (const sub of [prop[k]].flat()) if (sub && typeof sub === 'object') walk(sub, `${at}.${name}`);
      }
    };
    for (const [id, schema] of Object.entries<any>(doc.components.schemas)) {
      if (!schema.description) undescribed.push(id);
      walk(schema, id);
    }
    expect(undescribed).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(289); // the count of the document's properties
  });

  it('says what the spec says where it gives units, inclusive dates, null meanings and sort orders', () => {
    const p = (record: string, prop: string) => doc.components.schemas[record].properties[prop].description as string;
    expect(p('OrgKeyUsage', 'start_date')).toMatch(/inclusive/);
    expect(p('OrgKeyUsage', 'keys')).toMatch(/highest spend first/);
    expect(p('OrgKeyUsageEntry', 'spend_usd')).toMatch(/decimal string/);
    expect(p('Invoice', 'total_cents')).toMatch(/minor units/);
    expect(p('MonthlyUsageEntry', 'dkk_spend')).toMatch(/null when no rate exists/);
    expect(p('PartnerModel', 'product')).toMatch(/offered to nobody/);
  });

  it('declares the spec\'s defaults', () => {
    expect(doc.components.schemas.KeyField.properties.sort_options_alphabetically).toMatchObject({ type: 'boolean', default: true });
    const param = (path: string, name: string) => doc.paths[path].get.parameters.find((x: any) => x.name === name).schema;
    expect(param('/api/orgs/{org_id}/monthly-usage', 'months').default).toBe(12);
    expect(param('/api/orgs/{org_id}/plan-cost', 'currency').default).toBe('DKK');
  });

  it('gives year one rule on key-usage and monthly-usage, and the server keeps to it on both', async () => {
    const year = (path: string) => doc.paths[path].get.parameters.find((x: any) => x.name === 'year').schema;
    const ku = year('/api/orgs/{org_id}/key-usage'), mu = year('/api/orgs/{org_id}/monthly-usage');
    expect(ku).toEqual(mu);
    expect(ku).toMatchObject({ type: 'integer', format: 'int32', minimum: expect.any(Number), maximum: expect.any(Number) });
    const get = (endpoint: string, y: number) => call(s.url, `/api/orgs/org-nordlys/${endpoint}?year=${y}`, { token: rt });
    for (const endpoint of ['key-usage', 'monthly-usage']) {
      expect((await get(endpoint, ku.minimum)).status, `${endpoint} year=${ku.minimum}`).toBe(200);
      expect((await get(endpoint, 1969)).status, `${endpoint} year=1969`).toBe(200);
      const below = await get(endpoint, ku.minimum - 1);
      expect(below.status).toBe(400);
      expect(below.json.message).toBe(`year must be a whole number from ${ku.minimum} to ${ku.maximum} (got "${ku.minimum - 1}")`);
      const above = await get(endpoint, ku.maximum + 1);
      expect(above.status).toBe(400);
      expect(above.json.message).toBe(`year must be at most ${ku.maximum} (got "${ku.maximum + 1}")`);
    }
    // The range answered for a year is that calendar year (key-usage echoes it).
    const y1969 = await get('key-usage', 1969);
    expect([y1969.json.start_date, y1969.json.end_date]).toEqual(['1969-01-01', '1969-12-31']);
    const first = await get('key-usage', ku.minimum);
    expect([first.json.start_date, first.json.end_date]).toEqual(['0001-01-01', '0001-12-31']);
    const mFirst = await get('monthly-usage', ku.minimum);
    expect(mFirst.json.months.map((m: { month: string }) => m.month)[0]).toBe('0001-01-01');
    expect(mFirst.json.months).toHaveLength(12);
  });
});
