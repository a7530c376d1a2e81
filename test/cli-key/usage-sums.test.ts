// `svc usage` against the reference server (issue 18 items 3-4, issue 19 item 7): the TOTAL is the key's own
// figures, usage without a model is a labelled row, shown rows add up to the shown TOTAL, INPUT + CACHE READ = prompt.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { svc } from './_helpers.js';
import { KEYS, cleanup, tempDir, apiKey } from '../_harness/index.js';

vi.setConfig({ testTimeout: 30_000 });

/** The Nordlys support bot: some of its usage was recorded without a model. */
const NO_MODEL_KEY = apiKey('key-nl-002');

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

const env = (key?: string) => ({ SVC_CONFIG_DIR: join(home, 'cfg'), SVC_GATEWAY_URL: server.url, ...(key ? { SVC_API_KEY: key } : {}) });

/** The service's own answer, read with plain fetch. */
async function activity(key: string, start: string, end: string): Promise<any> {
  const res = await fetch(`${server.url}/user/daily/activity?start_date=${start}&end_date=${end}`, { headers: { authorization: `Bearer ${key}`, 'user-agent': 'svc-test' } });
  expect(res.status).toBe(200);
  return res.json();
}

const cents = (s: string) => Math.round(Number(s.replace(/,/g, '')) * 100);
const num = (s: string) => Number(s.replace(/,/g, ''));

/** The table's body rows and TOTAL as label + 5 numbers (label may hold spaces: parsed from the right). */
function tableOf(stdout: string): { rows: Array<{ label: string; n: string[] }>; total: { label: string; n: string[] } } {
  const lines = stdout.split('\n');
  const head = lines.findIndex((l) => /^(MODEL|KEY)\s+REQUESTS/.test(l));
  const rule = lines.findIndex((l, i) => i > head && l.startsWith('─'));
  const parse = (l: string) => {
    const parts = l.trim().split(/\s+/);
    return { label: parts.slice(0, -5).join(' '), n: parts.slice(-5) };
  };
  return { rows: lines.slice(head + 1, rule).map(parse), total: parse(lines[rule + 1]!) };
}

const PERIODS: Array<[string, string, string]> = [
  ['today', '2026-11-20', '2026-11-20'],
  ['week', '2026-11-14', '2026-11-20'],
  ['month', '2026-11-01', '2026-11-20'],
  ['last-month', '2026-10-01', '2026-10-31'],
];

describe('svc usage adds up', () => {
  let sawNoModel = 0;
  afterAll(() => expect(sawNoModel).toBeGreaterThan(0));

  it.each(PERIODS.flatMap(([p, s, e]) => [['support bot (usage without a model)', p, NO_MODEL_KEY, s, e], ['analytics pipeline', p, KEYS.limited, s, e]] as const))(
    '%s, --period %s: the TOTAL is the key\'s figures in the API; every row labelled; rows add up',
    async (_name, period, key, start, end) => {
      const raw = await activity(key, start, end);
      const m = raw.metadata;
      const json = JSON.parse((await svc(['usage', '--period', period, '--json'], { env: env(key) })).stdout);
      // The TOTAL is the key's own, as the service states it.
      expect(new Decimal(json.total.cost_usd).equals(m.total_spend)).toBe(true);
      expect(json.total.requests).toBe(m.total_api_requests);
      expect(json.total.prompt_tokens).toBe(m.total_prompt_tokens);
      expect(json.total.output_tokens).toBe(m.total_completion_tokens);
      expect(json.total.cache_read_input_tokens).toBe(m.total_cache_read_input_tokens);
      expect(json.total.cache_creation_input_tokens).toBe(m.total_cache_creation_input_tokens);
      // Every row labelled; the rows add up to the TOTAL exactly, in every bucket.
      for (const r of json.models) expect(r.label).toMatch(/\S/);
      const sum = (f: string) => json.models.reduce((a: number, r: any) => a + r[f], 0);
      expect(json.models.reduce((a: Decimal, r: any) => a.plus(r.cost_usd), new Decimal(0)).equals(m.total_spend)).toBe(true);
      for (const f of ['requests', 'prompt_tokens', 'uncached_input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens']) expect(sum(f), f).toBe(json.total[f]);
      for (const r of [...json.models, json.total]) expect(r.uncached_input_tokens + r.cache_creation_input_tokens + r.cache_read_input_tokens).toBe(r.prompt_tokens);
      // The model rows are the service's breakdown; what no model accounts for is "(no model)", by hand from the days.
      let modelSpend = new Decimal(0);
      for (const d of raw.results) for (const x of Object.values<any>(d.breakdown.models)) modelSpend = modelSpend.plus(x.metrics.spend);
      const rest = new Decimal(m.total_spend).minus(modelSpend);
      const noModel = json.models.find((r: any) => r.model === null);
      if (rest.isZero()) expect(noModel).toBeUndefined();
      else {
        sawNoModel++;
        expect(noModel.label).toBe('(no model)');
        expect(new Decimal(noModel.cost_usd).equals(rest)).toBe(true);
      }

      const text = (await svc(['usage', '--period', period], { env: env(key) })).stdout;
      if (json.models.length === 0) return;
      const table = tableOf(text);
      expect(table.rows.map((r) => r.label)).toEqual(json.models.map((r: any) => r.label));
      expect(table.total.label).toBe('TOTAL');
      // The shown TOTAL is the exact total rounded half up; the shown rows add up to it to the cent.
      expect(cents(table.total.n[4]!)).toBe(new Decimal(m.total_spend).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
      expect(table.rows.reduce((a, r) => a + cents(r.n[4]!), 0)).toBe(cents(table.total.n[4]!));
      table.rows.forEach((r, i) => {
        const exact = new Decimal(json.models[i].cost_usd).times(100);
        expect(Math.abs(cents(r.n[4]!) - exact.toNumber())).toBeLessThan(1);
        // INPUT + CACHE READ = the row's prompt tokens.
        expect(num(r.n[1]!) + num(r.n[3]!)).toBe(json.models[i].prompt_tokens);
      });
      expect(num(table.total.n[1]!) + num(table.total.n[3]!)).toBe(m.total_prompt_tokens);
    },
  );

  it('--all: the shown key rows add up to the shown TOTAL', async () => {
    for (const [name, key] of [['analytics', KEYS.limited], ['blocked', KEYS.blocked], ['dev', KEYS.devSeat], ['support', NO_MODEL_KEY]] as const) {
      expect((await svc(['auth', 'login', '--with-token', '--profile', name], { env: env(), stdin: key })).code).toBe(0);
    }
    const text = (await svc(['usage', '--all'], { env: env() })).stdout;
    const table = tableOf(text);
    expect(table.rows).toHaveLength(4);
    expect(table.rows.reduce((a, r) => a + cents(r.n[4]!), 0)).toBe(cents(table.total.n[4]!));
    const json = JSON.parse((await svc(['usage', '--all', '--json'], { env: env() })).stdout);
    let total = new Decimal(0);
    for (const key of [KEYS.limited, KEYS.blocked, KEYS.devSeat, NO_MODEL_KEY]) total = total.plus((await activity(key, '2026-11-01', '2026-11-20')).metadata.total_spend);
    expect(new Decimal(json.total.cost_usd).equals(total)).toBe(true);
    expect(cents(table.total.n[4]!)).toBe(total.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
  });

  it('the help says what INPUT counts', async () => {
    const help = (await svc(['usage', '--help'], { env: env() })).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('INPUT + CACHE READ is all input tokens');
    expect(help).toContain('(no model)');
  });
});
