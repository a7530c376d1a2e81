import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { KeyFieldsRecordSchema, SearchResponseSchema } from '../../src/model/index.js';
import { call } from './_helpers.js';
import { rawRows, usd } from './_csv.js';
import { apiKey, tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();
const ORPHAN = 'key-orphan-001';

describe('GET /v1/service/key', () => {
  it('the calling key\'s fields in display order with select labels', async () => {
    const r = await call(s.url, '/v1/service/key', { token: apiKey('key-nl-001') });
    expect(r.status).toBe(200);
    expect(KeyFieldsRecordSchema.parse(r.json)).toEqual({
      key_name: 'Analytics pipeline',
      fields: [
        { key: 'team', display_name: 'Team', type: 'select', value: 'data-science', value_label: 'Data Science' },
        { key: 'personal_data', display_name: 'Handles personal data', type: 'boolean', value: true, value_label: null },
        { key: 'cost_center', display_name: 'Cost center', type: 'text', value: 'CC-100', value_label: null },
      ],
    });
    const dev = await call(s.url, '/v1/service/key', { token: apiKey('key-nl-005') });
    expect(dev.json.fields.map((f: { value: unknown }) => f.value)).toEqual(['platform', null, null]);
  });
  it('401 missing, unknown, deleted or blocked key; 403 a key of no organization', async () => {
    expect((await call(s.url, '/v1/service/key')).status).toBe(401);
    expect((await call(s.url, '/v1/service/key', { token: 'sk-unknown' })).status).toBe(401);
    expect((await call(s.url, '/v1/service/key', { token: apiKey('key-nl-007') })).status).toBe(401);
    const blocked = await call(s.url, '/v1/service/key', { token: apiKey('key-nl-004') });
    expect(blocked.status).toBe(401);
    expect(blocked.json.error).toBe('key_blocked');
    expect((await call(s.url, '/v1/service/key', { token: apiKey(ORPHAN) })).status).toBe(403);
    expect((await call(s.url, '/v1/service/key', { token: apiKey('key-nl-001'), ua: 'python-requests/2.31' })).text).toBe('error code: 1010');
  });
});

describe('POST /v1/search/service-search', () => {
  const search = (body: unknown, key = 'key-nl-001') => call(s.url, '/v1/search/service-search', { method: 'POST', body, token: apiKey(key) });
  it('answers from the local index: every word must match; filters narrow', async () => {
    const r = await search({ query: 'reverse charge' });
    expect(r.status).toBe(200);
    expect(SearchResponseSchema.parse(r.json).results.map((x) => x.url)).toEqual(['https://skat.dk/en-us/businesses/vat/reverse-charge']);
    expect((await search({ query: 'moms', language: 'da' })).json.results).toHaveLength(1);
    expect((await search({ query: 'moms', language: 'en' })).json.results).toHaveLength(0);
    const week = await search({ query: 'the', time_range: 'week' });
    for (const x of week.json.results) expect(x.date >= '2026-11-13').toBe(true);
    expect(week.json.results.length).toBeGreaterThan(0);
    expect((await search({ query: 'typescript', categories: 'it' })).json.results[0].date).toBe('');
    expect((await search({ query: 'typescript', time_range: 'year' })).json.results).toHaveLength(0);
    expect((await search({ query: 'vllm', engines: 'github' })).json.results).toHaveLength(1);
  });
  it('400 for a malformed body naming the field; 401 blocked; 403 no organization', async () => {
    const bad = await search({ query: 'x', time_range: 'decade' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/time_range/);
    expect((await search('{not json')).status).toBe(400);
    expect((await search({})).json.message).toMatch(/query/);
    expect((await search({ query: 'x' }, 'key-nl-004')).status).toBe(401);
    expect((await search({ query: 'x' }, ORPHAN)).status).toBe(403);
  });
});

describe('GET /key/info', () => {
  const info = async (key: string) => (await call(s.url, '/key/info', { token: apiKey(key) })).json;
  const novSpend = (key: string) => usd(rawRows('org-nordlys').filter((x) => x.key === key && x.date >= '2026-11-01').reduce((a, x) => a + x.spendMicro, 0n));
  it('a key with a monthly limit: spend this month from the raw rows, not blocked', async () => {
    const j = await info('key-nl-001');
    expect(j).toMatchObject({ key: 'key-nl-001', info: { org_id: 'org-nordlys', max_budget: '2500.00', budget_duration: '1mo', budget_reset_at: '2026-12-01T00:00:00Z', blocked: false, usage_shared: true, credits: null, dev_plan: null } });
    expect(j.info.spend).toBe(novSpend('key-nl-001'));
    expect(j.info.key_name).toBe(`sk-...${apiKey('key-nl-001').slice(-4)}`);
    expect(JSON.stringify(j)).not.toContain(apiKey('key-nl-001'));
  });
  it('a blocked key still gets its info', async () => {
    const j = await info('key-nl-004');
    expect(j.info.blocked).toBe(true);
    expect(new Decimal(j.info.spend).gte(j.info.max_budget)).toBe(true);
  });
  it('dev seat holder: plan allowance with cache reads counted at a tenth', async () => {
    const j = await info('key-nl-005');
    const rows = rawRows('org-nordlys').filter((x) => x.key === 'key-nl-005' && x.date >= '2026-11-01');
    const used = rows.reduce((a, x) => a + x.prompt - x.cacheRead + x.completion, 0n) + rows.reduce((a, x) => a + x.cacheRead, 0n) / 10n;
    expect(j.info.dev_plan).toEqual({ plan: 'pro', tokens_used: Number(used), tokens_included: 60000000, period_start: '2026-11-01' });
    expect(j.info.models).toEqual(['svc-coder', 'claude-sonnet-4', 'gpt-4.1']);
  });
  it('prepaid credits, usage not shared, no organization', async () => {
    expect((await info('kattegat-002')).info.credits).toEqual({ balance_usd: '412.50' });
    expect((await info('key-fl-001')).info.usage_shared).toBe(false);
    expect((await info(ORPHAN)).info).toMatchObject({ org_id: null, models: [], blocked: false });
    expect((await call(s.url, '/key/info', { token: 'sk-nope' })).status).toBe(401);
  });
});

describe('GET /v1/model/info and /user/daily/activity', () => {
  it('model info lists only the key\'s models, costs as decimal strings per token', async () => {
    const r = await call(s.url, '/v1/model/info', { token: apiKey('key-nl-005') });
    expect(r.json.data.map((m: { model_name: string }) => m.model_name)).toEqual(['svc-coder', 'claude-sonnet-4', 'gpt-4.1']);
    const sonnet = r.json.data[1];
    expect(sonnet.litellm_params.model).toBe('anthropic/claude-sonnet-4');
    expect(sonnet.model_info).toMatchObject({ input_cost_per_token: '0.000003', output_cost_per_token: '0.000015', cache_read_input_token_cost: '0.0000003', supports_reasoning: true, service_hosted: false });
    const all = await call(s.url, '/v1/model/info', { token: apiKey('key-nl-001') });
    expect(all.json.data.map((m: { model_name: string }) => m.model_name)).not.toContain('claude-haiku-3.5');
  });
  it('daily activity: one result per day, the same figures as key-usage', async () => {
    const r = await call(s.url, '/user/daily/activity?start_date=2026-10-01&end_date=2026-10-31', { token: apiKey('key-nl-001') });
    expect(r.status).toBe(200);
    expect(r.json.results).toHaveLength(31);
    expect(r.json.results[0].date).toBe('2026-10-01');
    const ku = await call(s.url, '/api/orgs/org-nordlys/key-usage?month=2026-10', { token: tokenOf('org-nordlys') });
    const k = ku.json.keys.find((x: { id: string }) => x.id === 'key-nl-001');
    expect(r.json.metadata.total_spend).toBe(k.spend_usd);
    expect(r.json.metadata.total_tokens).toBe(k.total_tokens);
    expect(r.json.metadata.total_api_requests).toBe(k.request_count);
    const days = r.json.results.reduce((a: Decimal, d: { metrics: { spend: string } }) => a.plus(d.metrics.spend), new Decimal(0));
    expect(days.eq(k.spend_usd)).toBe(true);
    const def = await call(s.url, '/user/daily/activity', { token: apiKey('key-nl-001') });
    expect(def.json.results).toHaveLength(20);
  });
  it('LiteLLM\'s page and page_size: every day on page 1 of 1; a page past it, or a page_size LiteLLM refuses, is 400', async () => {
    const q = '/user/daily/activity?start_date=2026-10-01&end_date=2026-10-31';
    const one = await call(s.url, `${q}&page=1&page_size=1000`, { token: apiKey('key-nl-001') });
    expect(one.status).toBe(200);
    expect(one.json.results).toHaveLength(31);
    expect(one.json.metadata).toMatchObject({ page: 1, total_pages: 1, has_more: false });
    for (const [extra, message] of [
      ['&page=2', 'page 2 is past the last page, 1: this server answers every day on page 1'],
      ['&page=0', 'page must be a whole number from 1 to 1000000000 (got "0")'],
      ['&page_size=1001', 'page_size must be a whole number from 1 to 1000 (got "1001")'],
    ] as const) {
      const r = await call(s.url, q + extra, { token: apiKey('key-nl-001') });
      expect(r.status, extra).toBe(400);
      expect(r.json, extra).toEqual({ error: 'invalid_query', message });
    }
  });
  it('403 when usage is not shared; 400 for bad dates', async () => {
    const r = await call(s.url, '/user/daily/activity', { token: apiKey('key-fl-001') });
    expect(r.status).toBe(403);
    expect(r.json.error).toBe('usage_not_shared');
    expect((await call(s.url, '/user/daily/activity?start_date=2026-13-01', { token: apiKey('key-nl-001') })).status).toBe(400);
    const reversed = await call(s.url, '/user/daily/activity?start_date=2026-11-10&end_date=2026-11-09', { token: apiKey('key-nl-001') });
    expect(reversed.status).toBe(400);
  });
  it('a range that starts after today is empty, not an error (a client clock ahead of the server)', async () => {
    const r = await call(s.url, '/user/daily/activity?start_date=2026-11-22&end_date=2026-11-22', { token: apiKey('key-nl-001') });
    expect(r.status).toBe(200);
    expect(r.json.results).toEqual([]);
    expect(r.json.metadata.total_spend).toBe('0');
    const clamped = await call(s.url, '/user/daily/activity?start_date=2026-11-19&end_date=2026-11-25', { token: apiKey('key-nl-001') });
    expect(clamped.json.results.map((d: { date: string }) => d.date)).toEqual(['2026-11-19', '2026-11-20']);
  });
});
