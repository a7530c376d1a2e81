import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/server/_routes.js';
import { call } from './_helpers.js';
import { PARTNER_TOKEN, apiKey, noOrgsDataset, tokenOf, useReferenceServer } from '../_harness/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Child processes run asynchronously: a blocked event loop would stall this process's server and its kept-alive sockets. */
const run = promisify(execFile);

const s = useReferenceServer();

describe('/api/openapi.json', () => {
  it('is OpenAPI 3.1 with every record under components/schemas and every path of the spec', async () => {
    const r = await call(s.url, '/api/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const ids = Object.keys(doc.components.schemas);
    for (const id of ['OrgKeyUsage', 'OrgKeyUsageEntry', 'OrgKeyFieldGroupUsage', 'UsageSlice', 'OrgMonthlyUsage', 'DailyUsageEntry', 'OrgPlanCost', 'InvoiceSummary', 'Invoice', 'InvoiceLine', 'PartnerStatus', 'PartnerKey', 'KeyFieldsRecord', 'SearchRequest', 'SearchResponse', 'Error']) {
      expect(ids).toContain(id);
    }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/orgs/{org_id}/invoices', '/api/orgs/{org_id}/invoices/{invoice_id}', '/api/orgs/{org_id}/invoices/{invoice_id}/pdf',
      '/api/orgs/{org_id}/key-usage', '/api/orgs/{org_id}/monthly-usage', '/api/orgs/{org_id}/plan-cost', '/api/partner/status',
    ]));
    // input side: decimal amounts are strings on the wire, int64 carries its format
    expect(doc.components.schemas.OrgKeyUsageEntry.properties.spend_usd.type).toBe('string');
    expect(doc.components.schemas.Invoice.properties.total_cents).toMatchObject({ type: 'integer', format: 'int64' });
    // every $ref points at a component that exists
    const refs = [...r.text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(ids).toContain(ref);
    expect(r.text).not.toContain('"$schema"');
  });

  it('matches the spec record by record: required fields, optional fields, enumerations, formats', async () => {
    const doc = (await call(s.url, '/api/openapi.json')).json;
    const schemas = doc.components.schemas as Record<string, { properties?: Record<string, unknown>; required?: string[]; $ref?: string }>;
    const tokens = ['prompt_tokens', 'completion_tokens', 'total_tokens', 'request_count'];
    const cache = ['cache_read_input_tokens', 'cache_creation_input_tokens'];
    // [record, required as the spec writes it, optional as the spec writes it]
    const spec: Array<[string, string[], string[]]> = [
      ['UsageSlice', tokens, cache],
      ['KeyField', ['key', 'display_name', 'type'], ['required', 'default_value', 'options', 'sort_options_alphabetically']],
      ['KeyFieldOption', ['key', 'label'], []],
      ['OrgKeyUsage', ['org_id', 'start_date', 'end_date', 'keys', 'totals'], ['key_fields']],
      ['OrgKeyUsageEntry', ['id', 'name', 'key_prefix', 'spend_usd', ...tokens, 'models'], [...cache, 'service', 'external', 'fields', 'product', 'recipient_email']],
      ['OrgModelUsage', ['model', 'spend_usd', ...tokens], [...cache, 'service_hosted']],
      ['OrgProviderUsage', ['provider', 'spend_usd', ...tokens], cache],
      ['OrgKeyUsageTotals', ['spend_usd', ...tokens, 'models'], [...cache, 'providers', 'service', 'external', 'by_field']],
      ['OrgKeyFieldUsage', ['key', 'display_name', 'type', 'groups'], []],
      ['OrgKeyFieldGroupUsage', ['key_count', 'spend_usd', ...tokens, ...cache, 'service', 'external'], ['label', 'value']],
      ['OrgMonthlyUsage', ['org_id', 'months', 'summary', 'available_years'], []],
      ['MonthlyUsageEntry', ['month', 'usd_spend', 'rate_estimated', 'total_tokens', 'request_count'], ['dkk_spend', 'prompt_tokens', 'completion_tokens', ...cache, 'days']],
      ['DailyUsageEntry', ['date', 'usd_spend', 'total_tokens', 'request_count'], ['prompt_tokens', 'completion_tokens', ...cache]],
      ['OrgPlanCost', ['currency', 'seats', 'lines', 'missing', 'total_monthly_cents'], ['core_plan', 'company_size_tier']],
      ['OrgPlanCostLine', ['service', 'type', 'is_per_user', 'unit_price_cents', 'quantity', 'line_total_cents'], ['custom_price', 'period', 'plan', 'core_plan']],
      ['OrgPlanCostMissing', ['service', 'type'], ['plan']],
      ['InvoiceSummary', ['id', 'invoice_number', 'status', 'period_start', 'issued_at', 'due_at', 'currency', 'total_cents'], []],
      ['Invoice', ['id', 'org_id', 'invoice_number', 'status', 'period_start', 'period_end', 'issued_at', 'due_at', 'currency', 'language', 'subscription_subtotal_cents', 'usage_subtotal_cents', 'subtotal_cents', 'total_cents', 'vat_cents', 'vat_rate_bps', 'seller', 'buyer', 'lines'], ['usd_dkk_rate']],
      ['InvoiceSeller', ['legal_name', 'address', 'cvr', 'vat', 'email', 'bank'], []],
      ['InvoiceBuyer', ['legal_name', 'attention', 'address_line1', 'address_line2', 'postal_code', 'city', 'country', 'cvr', 'vat', 'ean', 'payment_reference'], ['email']],
      ['InvoiceLine', ['sort_order', 'kind', 'description', 'quantity', 'unit_price_cents', 'line_total_cents'], []],
      ['KeyFieldsRecord', ['key_name', 'fields'], []],
      ['SearchRequest', ['query'], ['time_range', 'language', 'categories', 'engines']],
      ['SearchResult', ['title', 'url', 'snippet', 'date'], []],
    ];
    for (const [name, required, optional] of spec) {
      const record = schemas[name];
      expect(record, name).toBeDefined();
      expect([...(record!.required ?? [])].sort(), name).toEqual([...required].sort());
      expect(Object.keys(record!.properties ?? {}).sort(), name).toEqual([...required, ...optional].sort());
    }
    expect(schemas.OrgKeyUsageEntry!.properties!.models).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/OrgKeyModelUsage' } });
    expect(schemas.OrgKeyModelUsage!.$ref).toBe('#/components/schemas/OrgModelUsage');
    const props = (name: string) => schemas[name]!.properties as Record<string, Record<string, unknown>>;
    expect(props('InvoiceLine').kind!.enum).toEqual(['subscription', 'usage', 'usage_provider', 'dev_overage']);
    expect(props('OrgPlanCostLine').service!.enum).toEqual(['private_llm', 'llm_router', 'control', 'connect']);
    expect(props('OrgPlanCostLine').type!.enum).toEqual(['coding', 'assistant', 'public_models', 'management', 'integrations']);
    expect(props('OrgPlanCostLine').unit_price_cents).toMatchObject({ type: 'integer', format: 'int32' });
    expect(props('OrgPlanCostLine').line_total_cents).toMatchObject({ type: 'integer', format: 'int64' });
    expect(props('OrgKeyFieldGroupUsage').key_count).toMatchObject({ type: 'integer', format: 'int64' });
    expect(props('OrgMonthlyUsage').available_years).toMatchObject({ type: 'array', items: { type: 'integer', format: 'int32' } });
    expect(props('MonthlyUsageEntry').usd_spend).toMatchObject({ type: 'string', pattern: expect.any(String) });
    expect(props('Invoice').vat_rate_bps).toMatchObject({ type: 'integer', format: 'int32' });
  });
});

type Doc = { paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>> };

describe('the served document describes the server completely (issue 14, issue 18 item 8)', () => {
  let doc: Doc & Record<string, any>;
  let text: string;
  beforeAll(async () => {
    const r = await call(s.url, '/api/openapi.json');
    text = r.text;
    doc = r.json;
  });

  it('passes Redocly CLI\'s recommended ruleset (a validator not written here) with no error and no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, text);
    let out: string;
    try {
      ({ stdout: out } = await run(join(ROOT, 'node_modules/.bin/redocly'), ['lint', '--extends', 'recommended', '--format', 'json', file], {
        cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, encoding: 'utf8',
      }));
    } catch (e) {
      out = (e as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('has servers, a license, and a summary on every operation', () => {
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.info.license.name).toBe('MIT');
    for (const [path, ops] of Object.entries(doc.paths)) for (const [method, o] of Object.entries(ops)) expect(o.summary, `${method} ${path}`).toMatch(/\S/);
  });

  it('every route the server answers is in it, and every operation in it is a route', () => {
    const answered = new Set(routes.map((r) => `${r.method.toLowerCase()} ${r.openapi}`));
    const described = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
    expect([...answered].filter((x) => !described.has(x))).toEqual([]);
    expect([...described].filter((x) => !answered.has(x))).toEqual([]);
    for (const r of routes) {
      // The route's pattern matches its documented path with the parameters filled in.
      const example = r.openapi.replace('{org_id}', 'org-nordlys').replace('{invoice_id}', '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e');
      expect(r.pattern.test(example), r.openapi).toBe(true);
    }
  });

  it('is the same whichever modules the process imported (built from a listed set of records)', async () => {
    // The processes serve a dataset without organizations: the document does not depend on the
    // data (it is compared below with this process's, served over all the samples).
    const data = noOrgsDataset();
    const print = async (imports: string) =>
      (await run(process.execPath, ['--input-type=module', '-e', `${imports}
        const { startReferenceServer } = await import('./dist/testing.js');
        const s = await startReferenceServer({ dataDir: ${JSON.stringify(data)} });
        const r = await fetch(s.url + '/api/openapi.json', { headers: { 'user-agent': 'openapi-test/1' } });
        process.stdout.write(await r.text());
        await s.close();`], { cwd: ROOT, encoding: 'utf8' })).stdout;
    const [serverOnly, everything] = await Promise.all([print(''), print("await import('./dist/index.js');")]).finally(() => rmSync(data, { recursive: true, force: true }));
    expect(everything).toBe(serverOnly);
    expect(JSON.parse(serverOnly)).toEqual(doc);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['KeyInfoResponse', 'ModelInfoResponse', 'DailyActivityResponse']));
  }, 60_000);

  const NORDLYS_OCT = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
  const rt = tokenOf('org-nordlys');
  const key = apiKey('key-nl-001');
  const blocked = apiKey('key-nl-004');
  const orphan = apiKey('key-orphan-001');
  const notShared = apiKey('key-fl-001');
  // [documented path, method, request path, options]: each answer's status must be listed for its operation.
  const cases: Array<[string, 'get' | 'post', string, Parameters<typeof call>[2]]> = [
    ['/api/orgs/{org_id}/invoices', 'get', '/api/orgs/org-nordlys/invoices', { token: rt }],
    ['/api/orgs/{org_id}/invoices', 'get', '/api/orgs/org-nordlys/invoices', {}],
    ['/api/orgs/{org_id}/invoices', 'get', '/api/orgs/org-fjordline/invoices', { token: rt }],
    ['/api/orgs/{org_id}/invoices', 'get', '/api/orgs/org-havblik/invoices', { token: tokenOf('org-havblik') }],
    ['/api/orgs/{org_id}/key-usage', 'get', '/api/orgs/org-havblik/key-usage', { token: tokenOf('org-havblik') }],
    ['/api/orgs/{org_id}/invoices', 'get', '/api/orgs/org-nordlys/invoices?a=1&a=2', { token: rt }],
    ['/api/orgs/{org_id}/invoices', 'get', '/api/orgs/org-nordlys/invoices', { token: rt, ua: 'python-requests/2.31' }],
    ['/api/orgs/{org_id}/invoices/{invoice_id}', 'get', `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT}`, { token: rt }],
    ['/api/orgs/{org_id}/invoices/{invoice_id}', 'get', `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT.toUpperCase()}`, { token: rt }],
    ['/api/orgs/{org_id}/invoices/{invoice_id}', 'get', '/api/orgs/org-nordlys/invoices/00000000-0000-4000-8000-000000000000', { token: rt }],
    ['/api/orgs/{org_id}/invoices/{invoice_id}', 'get', '/api/orgs/org-nordlys/invoices/not-a-uuid', { token: rt }],
    ['/api/orgs/{org_id}/invoices/{invoice_id}/pdf', 'get', `/api/orgs/org-nordlys/invoices/${NORDLYS_OCT}/pdf`, { token: rt }],
    ['/api/orgs/{org_id}/invoices/{invoice_id}/pdf', 'get', '/api/orgs/org-nordlys/invoices/00000000-0000-4000-8000-000000000000/pdf', { token: rt }],
    ['/api/orgs/{org_id}/key-usage', 'get', '/api/orgs/org-nordlys/key-usage?month=2026-10', { token: rt }],
    ['/api/orgs/{org_id}/key-usage', 'get', '/api/orgs/org-nordlys/key-usage?months=13', { token: rt }],
    ['/api/orgs/{org_id}/key-usage', 'get', '/api/orgs/org-nordlys/key-usage', { token: PARTNER_TOKEN }],
    ['/api/orgs/{org_id}/monthly-usage', 'get', '/api/orgs/org-nordlys/monthly-usage?months=3&year=2026', { token: rt }],
    ['/api/orgs/{org_id}/monthly-usage', 'get', '/api/orgs/org-nordlys/monthly-usage', { token: rt }],
    ['/api/orgs/{org_id}/plan-cost', 'get', '/api/orgs/org-nordlys/plan-cost?currency=GBP', { token: rt }],
    ['/api/orgs/{org_id}/plan-cost', 'get', '/api/orgs/org-nordlys/plan-cost?currency=EUR&currency=EUR', { token: rt }],
    ['/api/orgs/{org_id}/plan-cost', 'get', '/api/orgs/org-nordlys/plan-cost?currency=EUR', { token: rt }],
    ['/api/partner/status', 'get', '/api/partner/status', { token: PARTNER_TOKEN }],
    ['/api/partner/status', 'get', '/api/partner/status', { token: rt }],
    ['/api/partner/status', 'get', '/api/partner/status', {}],
    ['/v1/service/key', 'get', '/v1/service/key', { token: key }],
    ['/v1/service/key', 'get', '/v1/service/key', { token: blocked }],
    ['/v1/service/key', 'get', '/v1/service/key', { token: orphan }],
    ['/v1/search/service-search', 'post', '/v1/search/service-search', { token: key, body: { query: 'moms' } }],
    ['/v1/search/service-search', 'post', '/v1/search/service-search', { token: key, body: 'not json' }],
    ['/key/info', 'get', '/key/info', { token: key }],
    ['/key/info', 'get', '/key/info', {}],
    ['/v1/model/info', 'get', '/v1/model/info', { token: key }],
    ['/v1/model/info', 'get', '/v1/model/info', { token: orphan }],
    ['/user/daily/activity', 'get', '/user/daily/activity?start_date=2026-11-01&end_date=2026-11-20', { token: key }],
    ['/user/daily/activity', 'get', '/user/daily/activity?start_date=2026-11-21&end_date=2026-11-01', { token: key }],
    ['/user/daily/activity', 'get', '/user/daily/activity', { token: notShared }],
    ['/api/openapi.json', 'get', '/api/openapi.json?x=1&x=2', {}],
  ];

  it('every status the server answers is listed for its operation, with its content type', async () => {
    const seen = new Set<string>();
    for (const [path, method, url, opts] of cases) {
      const r = await call(s.url, url, { ...opts, ...(method === 'post' ? { method: 'POST' } : {}) });
      const o = doc.paths[path]![method]!;
      let listed = o.responses[String(r.status)] as { $ref?: string; content?: Record<string, unknown> } | undefined;
      expect(listed, `${method} ${url} answered ${r.status}`).toBeDefined();
      if (listed!.$ref) listed = doc.components.responses[listed!.$ref.split('/').pop()!];
      const type = String(r.headers['content-type']).split(';')[0]!;
      expect(Object.keys(listed!.content ?? {}), `${method} ${url} ${r.status} ${type}`).toContain(type);
      if (r.status >= 400 && type === 'application/json') expect(Object.keys(r.json).sort()).toEqual(['error', 'message']);
      seen.add(String(r.status));
    }
    // A body over 64 KiB: the server answers 413 before it has read it all (the client may then see the connection reset).
    const tooLarge = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = httpRequest(`${s.url}/v1/search/service-search`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'user-agent': 'openapi-test/1', 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, type: String(res.headers['content-type']).split(';')[0]! });
      });
      req.on('error', (e) => setTimeout(() => reject(e), 100));
      req.end(JSON.stringify({ query: 'x'.repeat(70_000) }));
    });
    expect(tooLarge.status).toBe(413);
    expect(Object.keys((doc.paths['/v1/search/service-search']!.post!.responses['413'] as { content: object }).content)).toContain(tooLarge.type);
    for (const status of ['200', '400', '401', '403', '404', '409']) expect(seen.has(status), status).toBe(true);
  }, 60_000);
});
