import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { svc } from './_helpers.js';
import { KEYS, cleanup, tempDir } from '../_harness/index.js';

// Loopback HTTP on a 2-core machine shared with other suites: allow for a busy CPU.
vi.setConfig({ testTimeout: 20_000 });

let server: ReferenceServer;
let home: string;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  home = await tempDir();
});
afterEach(() => cleanup(home));

const env = (key?: string, extra: Record<string, string> = {}) => ({
  SVC_CONFIG_DIR: join(home, 'cfg'),
  SVC_GATEWAY_URL: server.url,
  ...(key ? { SVC_API_KEY: key } : {}),
  ...extra,
});

async function gatewayJson(path: string, key: string): Promise<any> {
  const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${key}`, 'user-agent': 'svc-test' } });
  return res.json();
}

const widest = (text: string) => Math.max(...text.split('\n').map((l) => [...l].length));

describe('svc models', () => {
  it('lists the models the key may use, with limits, prices per 1M and capabilities, in 80 columns', async () => {
    const r = await svc(['models'], { env: env(KEYS.limited), columns: 80 });
    expect(r.code).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/^MODEL\s+CONTEXT\s+OUTPUT\s+IN\/1M\s+OUT\/1M\s+TOOL RSN IMG PDF CACHE$/m);
    expect(r.stdout).toMatch(/^claude-sonnet-4\s+200K\s+64K\s+3\.00\s+15\.00\s+yes\s+yes yes yes yes$/m);
    const raw = await gatewayJson('/v1/model/info', KEYS.limited);
    const names = raw.data.map((m: { model_name: string }) => m.model_name).sort();
    const shown = r.stdout.split('\n').slice(1).map((l) => l.split(/\s+/)[0]).filter((n) => names.includes(n));
    expect(shown).toEqual(names);
  });

  it('shows only the key\'s own models (the dev seat has fewer)', async () => {
    const r = await svc(['models'], { env: env(KEYS.devSeat), columns: 80 });
    const raw = await gatewayJson('/v1/model/info', KEYS.devSeat);
    expect(r.stdout.trim().split('\n').length).toBe(1 + raw.data.length + 2);
  });

  it('--mode filters by kind; a kind the key has none of says so; an unknown kind is refused', async () => {
    const r = await svc(['models', '--mode', 'chat'], { env: env(KEYS.limited) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('claude-sonnet-4');
    // The samples' only embedding model has no product, so it is offered to nobody (spec §2, ModelProduct).
    const embedding = await svc(['models', '--mode', 'embedding'], { env: env(KEYS.limited) });
    expect(embedding.code).toBe(0);
    expect(embedding.stdout).toBe('This key can use no embedding models (kinds it can use: chat).\n');
    const none = await svc(['models', '--mode', 'audio_transcription'], { env: env(KEYS.devSeat) });
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('This key can use no audio_transcription models (kinds it can use: chat).\n');
    const bad = await svc(['models', '--mode', 'telepathy'], { env: env(KEYS.limited) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--mode "telepathy" is not a kind of model \(known: .*chat.*embedding/);
  });

  it('--json gives exact per-1M prices from the decimal strings, cache prices and reasoning levels', async () => {
    const r = await svc(['models', '--json'], { env: env(KEYS.limited) });
    const out = JSON.parse(r.stdout);
    const raw = await gatewayJson('/v1/model/info', KEYS.limited);
    for (const m of raw.data) {
      const o = out.find((x: { model: string }) => x.model === m.model_name);
      const i = m.model_info;
      const per1m = (s: string | null) => (s === null ? null : new Decimal(s).times(1e6).toFixed());
      expect(o.usd_per_1m_input_tokens).toBe(per1m(i.input_cost_per_token));
      expect(o.usd_per_1m_cache_read_tokens).toBe(per1m(i.cache_read_input_token_cost));
      expect(o.usd_per_1m_cache_write_tokens).toBe(per1m(i.cache_creation_input_token_cost));
      expect(o.reasoning_levels).toEqual(i.supported_reasoning_levels ?? null);
      expect(o.context_window).toBe(i.max_input_tokens);
    }
    expect(out.find((x: { model: string }) => x.model === 'claude-sonnet-4').usd_per_1m_input_tokens).toBe('3');
  });
});

describe('svc usage', () => {
  it("prints the spec's layout: header with key and dated period, per-model rows, TOTAL, hosted at 0, limit line", async () => {
    const r = await svc(['usage'], { env: env(KEYS.limited), columns: 80 });
    expect(r.code).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    expect(r.stdout).toContain('Usage of key "Analytics pipeline" (sk-…' + KEYS.limited.slice(-4) + ')\nPeriod: this month, 2026-11-01 – 2026-11-20 (UTC)\n');
    expect(r.stdout).toMatch(/^MODEL\s+REQUESTS\s+INPUT\s+OUTPUT\s+CACHE READ\s+COST \$$/m);
    expect(r.stdout).toMatch(/^svc-coder\s+[\d,]+\s+[\d,]+\s+[\d,]+\s+[\d,]+\s+0\.00$/m);
    const raw = await gatewayJson('/user/daily/activity?start_date=2026-11-01&end_date=2026-11-20', KEYS.limited);
    const total = new Decimal(raw.metadata.total_spend).toFixed(2);
    const requests = raw.metadata.total_api_requests.toLocaleString('en-US');
    expect(r.stdout).toMatch(new RegExp(`^TOTAL\\s+${requests}\\s+.*\\s+${total.replace('.', '\\.')}$`, 'm'));
    expect(r.stdout.replace(/\n {2}/g, ' ')).toMatch(/^Monthly limit: \$[\d,.]+ of \$2,500\.00 used this month \(\d+\.\d %\)\.$/m);
    expect(r.stdout).not.toContain('Credits:');
    expect(r.stdout).not.toContain('Dev plan');
  });

  it('the TOTAL row is the sum of the model rows (table and JSON agree with the service exactly)', async () => {
    const r = await svc(['usage', '--json'], { env: env(KEYS.limited) });
    const out = JSON.parse(r.stdout);
    const sum = out.models.reduce((a: Decimal, m: { cost_usd: string }) => a.plus(m.cost_usd), new Decimal(0));
    expect(sum.toString()).toBe(out.total.cost_usd);
    const raw = await gatewayJson('/user/daily/activity?start_date=2026-11-01&end_date=2026-11-20', KEYS.limited);
    expect(new Decimal(out.total.cost_usd).equals(raw.metadata.total_spend)).toBe(true);
    expect(out.total.cache_creation_input_tokens).toBe(raw.metadata.total_cache_creation_input_tokens);
    expect(out.period).toEqual({ name: 'month', start_date: '2026-11-01', end_date: '2026-11-20', today: '2026-11-20', today_source: 'service', computer_today: '2026-11-20' });
  });

  it('periods: today, week (last 7 days), last-month, in UTC days', async () => {
    const cases: Array<[string, string]> = [
      ['today', 'today, 2026-11-20'],
      ['week', 'last 7 days, 2026-11-14 – 2026-11-20'],
      ['last-month', 'last month, 2026-10-01 – 2026-10-31'],
    ];
    for (const [period, label] of cases) {
      const r = await svc(['usage', '--period', period], { env: env(KEYS.limited) });
      expect(r.stdout).toContain(`Period: ${label} (UTC)`);
    }
    const bad = await svc(['usage', '--period', 'year'], { env: env(KEYS.limited) });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--period must be one of today, week, month, last-month (got "year")');
  });

  it('a dev seat holder sees the plan allowance; a prepaid organization the credits', async () => {
    const dev = await svc(['usage'], { env: env(KEYS.devSeat), columns: 80 });
    expect(widest(dev.stdout)).toBeLessThanOrEqual(80);
    expect(dev.stdout.replace(/\n {2}/g, ' ')).toMatch(/^Dev plan \(pro\): [\d,]+ of [\d,]+ tokens used this month \(\d+\.\d %\); cache reads count a tenth\.$/m);
    const credits = await svc(['usage'], { env: env(KEYS.credits), columns: 80 });
    expect(widest(credits.stdout)).toBeLessThanOrEqual(80);
    expect(credits.stdout.replace(/\n {2}/g, ' ')).toMatch(/^Credits: \$[\d,.]+ left, shared by all keys of the organization; drawn at credit prices, so they fall slightly faster than the costs shown\.$/m);
  });

  it('the blocked key still shows its usage and that the limit is reached', async () => {
    const r = await svc(['usage'], { env: env(KEYS.blocked), columns: 80 });
    expect(r.code).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    expect(r.stdout.replace(/\n {2}/g, ' ')).toMatch(/Monthly limit: \$[\d,.]+ of \$200\.00 used this month \(\d+\.\d %\)\. Reached: the key is blocked and works again from 2026-12-01 00:00 UTC\./);
  });

  it('says so when usage is not shared with the organization', async () => {
    const r = await svc(['usage'], { env: env(KEYS.notShared) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("This key's usage is not shared with its organization, so it cannot be shown.");
    expect(r.stdout).not.toContain('TOTAL');
    expect(JSON.parse((await svc(['usage', '--json'], { env: env(KEYS.notShared) })).stdout).usage_shared).toBe(false);
    const noOrg = await svc(['usage'], { env: env(KEYS.noOrg) });
    expect(noOrg.stdout).toContain('This key belongs to no organization, so it has no usage to show.');
  });

  it('--all: one row per saved key and a TOTAL that adds them up; unshared keys say so', async () => {
    for (const [name, key] of [['analytics', KEYS.limited], ['dev', KEYS.devSeat], ['fjord', KEYS.notShared]] as const) {
      const r = await svc(['auth', 'login', '--with-token', '--profile', name], { env: env(), stdin: key });
      expect(r.code).toBe(0);
    }
    const r = await svc(['usage', '--all'], { env: env(), columns: 80 });
    expect(r.code).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    expect(r.stdout).toContain('Usage of 3 saved keys\nPeriod: this month, 2026-11-01 – 2026-11-20 (UTC)');
    expect(r.stdout).toMatch(/^KEY\s+REQUESTS\s+INPUT\s+OUTPUT\s+CACHE READ\s+COST \$$/m);
    expect(r.stdout).toMatch(/^fjord\s+-\s+-\s+-\s+-\s+-$/m);
    expect(r.stdout).toContain('fjord (sk-…' + KEYS.notShared.slice(-4) + '): usage is not shared with its organization.');
    const json = JSON.parse((await svc(['usage', '--all', '--json'], { env: env() })).stdout);
    const sum = json.keys.filter((k: any) => k.total).reduce((a: Decimal, k: any) => a.plus(k.total.cost_usd), new Decimal(0));
    expect(json.total.cost_usd).toBe(sum.toString());
    const a = await gatewayJson('/user/daily/activity?start_date=2026-11-01&end_date=2026-11-20', KEYS.limited);
    const d = await gatewayJson('/user/daily/activity?start_date=2026-11-01&end_date=2026-11-20', KEYS.devSeat);
    expect(new Decimal(json.total.cost_usd).equals(new Decimal(a.metadata.total_spend).plus(d.metadata.total_spend))).toBe(true);
    expect(r.stdout).toMatch(new RegExp(`^TOTAL\\s+.*\\s${new Decimal(json.total.cost_usd).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace('.', '\\.')}$`, 'm'));
  });
});
