import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { OrgKeyUsageSchema } from '../../src/model/index.js';
import { call } from './_helpers.js';
import { rawRows, usd } from './_csv.js';
import { tokenOf, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();
const get = (q: string, org = 'org-nordlys') => call(s.url, `/api/orgs/${org}/key-usage${q}`, { token: tokenOf(org) });

describe('period resolution (today 2026-11-20)', () => {
  it.each([
    ['', '2026-11-01', '2026-11-20'],
    ['?month=2026-10', '2026-10-01', '2026-10-31'],
    ['?month=2026-11', '2026-11-01', '2026-11-20'],
    ['?year=2026', '2026-01-01', '2026-11-20'],
    ['?year=2025', '2025-01-01', '2025-12-31'],
    ['?months=3', '2026-09-01', '2026-11-20'],
    ['?months=1', '2026-11-01', '2026-11-20'],
    ['?months=0', '2026-11-01', '2026-11-20'],
    ['?start_date=2026-11-05&end_date=2026-11-05', '2026-11-05', '2026-11-05'],
    ['?start_date=2026-10-15&end_date=2027-03-01', '2026-10-15', '2026-11-20'],
    ['?start_date=2025-11-20&end_date=2026-11-20', '2025-11-20', '2026-11-20'],
  ])('%s → %s..%s', async (q, start, end) => {
    const r = await get(q);
    expect(r.status).toBe(200);
    expect([r.json.start_date, r.json.end_date]).toEqual([start, end]);
  });

  it.each([
    ['?month=2026-10&year=2026', /conflicting period parameters: month, year/],
    ['?months=2&start_date=2026-01-01&end_date=2026-01-02', /conflicting/],
    ['?start_date=2026-01-01', /start_date requires end_date/],
    ['?end_date=2026-01-01', /end_date requires start_date/],
    ['?month=2026-13', /month must be YYYY-MM/],
    ['?month=oct', /month must be YYYY-MM/],
    ['?year=20x6', /year must be a whole number/],
    ['?months=-1', /months must be a whole number/],
    ['?start_date=2026-02-30&end_date=2026-03-01', /start_date must be a YYYY-MM-DD date/],
    ['?start_date=2026-03-02&end_date=2026-03-01', /after end_date/],
    ['?month=2026-12', /after today/],
    ['?start_date=2025-11-19&end_date=2026-11-20', /start_date=2025-11-19 to end_date=2026-11-20 covers 2025-11-19 to 2026-11-20, 367 days; at most 366/],
    ['?months=13', /at most 366/],
  ])('%s → 400', async (q, reason) => {
    const r = await get(q);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('invalid_period');
    expect(r.json.message).toMatch(reason);
  });

  it('a repeated parameter is 400, not silently the first value', async () => {
    const r = await get('?month=2026-10&month=2026-09');
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'invalid_query', message: 'query parameter month is given 2 times; send it once' });
  });
});

type Slice = { prompt_tokens: number; completion_tokens: number; total_tokens: number; request_count: number; cache_read_input_tokens: number; cache_creation_input_tokens: number };
const FIELDS = ['prompt_tokens', 'completion_tokens', 'total_tokens', 'request_count', 'cache_read_input_tokens', 'cache_creation_input_tokens'] as const;
function expectSplit(row: Slice & { service: Slice; external: Slice }) {
  for (const f of FIELDS) expect(row.service[f] + row.external[f], f).toBe(row[f]);
}

describe('figures summed from the raw rows', () => {
  it('October 2026: every key and the totals equal independent sums of usage.csv', async () => {
    const r = await get('?month=2026-10');
    OrgKeyUsageSchema.parse(r.json);
    const rows = rawRows('org-nordlys').filter((x) => x.date.startsWith('2026-10'));
    const total = rows.reduce((a, x) => a + x.spendMicro, 0n);
    expect(r.json.totals.spend_usd).toBe(usd(total));
    expect(r.json.totals.spend_usd).toBe('1234.56');
    expect(r.json.totals.request_count).toBe(Number(rows.reduce((a, x) => a + x.requests, 0n)));
    for (const k of r.json.keys) {
      const mine = rows.filter((x) => x.key === k.id);
      expect(k.spend_usd, k.id).toBe(usd(mine.reduce((a, x) => a + x.spendMicro, 0n)));
      expect(k.prompt_tokens).toBe(Number(mine.reduce((a, x) => a + x.prompt, 0n)));
      expect(k.total_tokens).toBe(k.prompt_tokens + k.completion_tokens);
    }
  });

  it('service + external = totals, for the totals and every key; keys by spend, models by spend then tokens', async () => {
    const r = await get('?year=2026');
    expectSplit(r.json.totals);
    for (const k of r.json.keys) expectSplit(k);
    const spends = r.json.keys.map((k: { spend_usd: string }) => new Decimal(k.spend_usd));
    for (let i = 1; i < spends.length; i++) expect(spends[i - 1].gte(spends[i])).toBe(true);
    const models = r.json.totals.models;
    for (let i = 1; i < models.length; i++) {
      const a = new Decimal(models[i - 1].spend_usd), b = new Decimal(models[i].spend_usd);
      expect(a.gt(b) || (a.eq(b) && models[i - 1].total_tokens >= models[i].total_tokens)).toBe(true);
    }
    // hosted models: zero spend, tokens counted on the service side
    const hosted = models.filter((m: { service_hosted: boolean }) => m.service_hosted);
    expect(hosted.length).toBeGreaterThan(0);
    for (const m of hosted) expect(m.spend_usd).toBe('0');
    expect(r.json.totals.service.total_tokens).toBe(hosted.reduce((a: number, m: { total_tokens: number }) => a + m.total_tokens, 0));
    const providers = r.json.totals.providers.map((p: { provider: string }) => p.provider);
    expect(providers).toEqual(expect.arrayContaining(['anthropic', 'openai', 'mistral', 'hosted_vllm']));
  });

  it('usage recorded without a model counts on the key and as external, not in its models', async () => {
    const r = await get('?year=2026');
    const bot = r.json.keys.find((k: { id: string }) => k.id === 'key-nl-002');
    const modelTokens = bot.models.reduce((a: number, m: { total_tokens: number }) => a + m.total_tokens, 0);
    expect(modelTokens).toBeLessThan(bot.total_tokens);
    const unattributed = rawRows('org-nordlys').filter((x) => x.key === 'key-nl-002' && x.model === '' && x.date.startsWith('2026'));
    expect(bot.total_tokens - modelTokens).toBe(Number(unattributed.reduce((a, x) => a + x.prompt + x.completion, 0n)));
  });

  it('by_field: groups in the spec order, adding up to the totals', async () => {
    const r = await get('?year=2026');
    const [team, personal, cost] = r.json.totals.by_field;
    expect(r.json.totals.by_field.map((f: { key: string }) => f.key)).toEqual(['team', 'personal_data', 'cost_center']);
    expect(team.groups.map((g: { value: unknown }) => g.value)).toEqual(['data-science', 'platform', 'sales', 'support', null]);
    expect(personal.groups.map((g: { value: unknown; label: unknown }) => [g.value, g.label])).toEqual([[true, 'Yes'], [false, 'No'], [null, null]]);
    const texts = cost.groups.filter((g: { value: unknown }) => g.value !== null);
    for (let i = 1; i < texts.length; i++) expect(new Decimal(texts[i - 1].spend_usd).gte(texts[i].spend_usd)).toBe(true);
    expect(cost.groups.at(-1).value).toBeNull();
    for (const f of r.json.totals.by_field) {
      const spend = f.groups.reduce((a: Decimal, g: { spend_usd: string }) => a.plus(g.spend_usd), new Decimal(0));
      expect(spend.eq(r.json.totals.spend_usd), f.key).toBe(true);
      for (const name of FIELDS) expect(f.groups.reduce((a: number, g: Slice) => a + g[name], 0), `${f.key}.${name}`).toBe(r.json.totals[name]);
      expect(f.groups.reduce((a: number, g: { key_count: number }) => a + g.key_count, 0)).toBe(r.json.keys.length);
      for (const g of f.groups) expectSplit(g);
    }
  });

  it('an unpicked option is listed with zero keys and zero figures; key_count counts the keys holding a value', async () => {
    const r = await get('?month=2026-10', 'org-kattegat');
    const dep = r.json.totals.by_field[0];
    // Options by label ignoring case (sort_options_alphabetically is true): Analytics, Bestyrelse, Data Engineering, Drift…, Juridisk…, Kundeservice.
    expect(dep.groups.map((g: { value: unknown }) => g.value)).toEqual(['analytics', 'board', 'data-engineering', 'operations', 'legal', 'customer-service']);
    expect(dep.groups[1]).toMatchObject({ label: 'Bestyrelse', key_count: 0, spend_usd: '0', total_tokens: 0 });
    const held = r.json.keys.filter((k: { fields: Record<string, unknown> }) => k.fields.department === 'analytics').length;
    expect(dep.groups[0].key_count).toBe(held);
    expect(held).toBeGreaterThan(3);
  });
});

describe('keys', () => {
  it('a deleted key that spent is reported by its last alias or as (deleted key), with no fields', async () => {
    const r = await get('?year=2026');
    const etl = r.json.keys.find((k: { id: string }) => k.id === 'key-nl-007');
    expect(etl).toMatchObject({ name: 'Old ETL job', fields: {}, product: null });
    expect(etl).not.toHaveProperty('recipient_email');
    const tmp = r.json.keys.find((k: { id: string }) => k.id === 'key-nl-008');
    expect(tmp.name).toBe('(deleted key)');
    const oct = await get('?month=2026-10');
    expect(oct.json.keys.map((k: { id: string }) => k.id)).not.toContain('key-nl-007');
  });

  it('a live key without activity is listed with zero figures and no models; connect keys carry recipient_email', async () => {
    const r = await get('');
    const sandbox = r.json.keys.find((k: { id: string }) => k.id === 'key-nl-009');
    expect(sandbox).toMatchObject({ spend_usd: '0', total_tokens: 0, models: [], product: null, recipient_email: null });
    expect(r.json.keys.at(-1).spend_usd).toBe('0');
    const connect = r.json.keys.find((k: { id: string }) => k.id === 'key-nl-006');
    expect(connect).toMatchObject({ product: 'connect', recipient_email: 'jonas.berg@nordlys.dk' });
    expect(r.json.key_fields.map((f: { key: string }) => f.key)).toEqual(['team', 'personal_data', 'cost_center']);
  });

  it('a day before a key existed leaves it out', async () => {
    const r = await get('?start_date=2026-09-01&end_date=2026-09-01');
    expect(r.json.keys.map((k: { id: string }) => k.id)).not.toContain('key-nl-009');
  });
});
