// Issue 19, item 6: tables fit the terminal (one rule: shorten the widest text column with "…",
// then leave out the least important columns), and go whole into a pipe. The built svc on a
// real pseudo-terminal 60 columns wide, against the reference server and a stand-in gateway; into
// a pipe, the built code in this process (its output a stream that is not a terminal, as a pipe).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { hasScript, runs } from '../_tools.js';
import { KEYS, svcInProcess, svcOnTerminal, visibleLines, useReferenceServer } from '../_harness/index.js';

const metrics = (spend: string, requests: number, prompt: number, completion: number, cacheRead: number) => ({
  spend, prompt_tokens: prompt, completion_tokens: completion, cache_read_input_tokens: cacheRead, cache_creation_input_tokens: 0,
  total_tokens: prompt + completion, api_requests: requests,
});
// Usage of any period the CLI asks for (its clock is the machine's): wide figures, a long model name.
const MODELS = {
  'claude-sonnet-4-20250514': metrics('6.30', 12_345, 43_239_125, 10_884_574, 1_234_567),
  'gpt-4.1-mini': metrics('4.50', 10_895, 28_586_946, 2_866_848, 136_503),
  // Wider than 80 columns in a row of its own: a pipe must still get it whole.
  'mistral-large-2411-instruct-eu-west-preview': metrics('0.00', 10, 1_000, 100, 0),
};
const ACTIVITY = {
  // The day's and the period's totals are the sum of the three models (no usage without a model here).
  results: [{ date: '2026-11-02', metrics: metrics('10.80', 23_250, 71_827_071, 13_751_522, 1_371_070), breakdown: { models: Object.fromEntries(Object.entries(MODELS).map(([m, x]) => [m, { metrics: x }])) } }],
  metadata: { total_spend: '10.80', total_prompt_tokens: 71_827_071, total_completion_tokens: 13_751_522, total_cache_read_input_tokens: 1_371_070, total_cache_creation_input_tokens: 0, total_tokens: 85_578_593, total_api_requests: 23_250 },
};
const KEY_INFO = {
  key: 'k-1',
  info: {
    key_alias: 'Analytics pipeline', key_name: 'sk-...cdef', org_id: 'org-test', spend: '10.80', max_budget: '200', budget_duration: '1mo',
    budget_reset_at: null, blocked: false, models: [], usage_shared: true, credits: null, dev_plan: null,
  },
};

const server = useReferenceServer();
let gateway: FakeServer;
beforeAll(async () => {
  gateway = await startFakeServer((req, res) => json(res, 200, req.url.startsWith('/key/info') ? KEY_INFO : ACTIVITY));
});
afterAll(async () => {
  await gateway.close();
});

const usageEnv = () => ({ SVC_GATEWAY_URL: gateway.url, SVC_API_KEY: 'sk-test-0123456789abcdef' });
const widest = (lines: string[]) => Math.max(...lines.map((l) => [...l].length));

describe.runIf(runs(hasScript))('on a terminal 60 columns wide', () => {
  it('svc usage fits: rows are not wrapped, the least important column is left out and named, "(5.4 %)" stays whole', async () => {
    const r = await svcOnTerminal(['usage'], 60, usageEnv());
    expect(r.code).toBe(0);
    const lines = visibleLines(r.out);
    expect(widest(lines)).toBeLessThanOrEqual(60);
    expect(lines).toContainEqual(expect.stringMatching(/^MODEL +REQUESTS +INPUT +OUTPUT +COST \$$/));
    // The model name gives up width (with "…") before a column is left out, and again after.
    // INPUT is the prompt tokens less the cache reads (43,239,125 - 1,234,567), issue 18 item 4.
    expect(lines).toContainEqual(expect.stringMatching(/^claude-sonnet-4-2… +12,345 +42,004,558 +10,884,574 +6\.30$/));
    expect(lines).toContainEqual(expect.stringMatching(/^mistral-large-241… +10 +1,000 +100 +0\.00$/));
    expect(lines).toContainEqual(expect.stringMatching(/^TOTAL +23,250 +70,456,001 +13,751,522 +10\.80$/));
    expect(visibleLines(r.out).join(' ')).toContain('Not shown at this width: CACHE READ (a wider window, or output into a pipe, shows it).');
    expect(r.out).toMatch(/\(5\.4 %\)/);
  });

  it('"(5.4 %)" is never split across lines (at 55 columns the line would break right before "%")', async () => {
    const r = await svcOnTerminal(['usage'], 55, usageEnv());
    const lines = visibleLines(r.out);
    expect(widest(lines)).toBeLessThanOrEqual(55);
    expect(lines).toContain('  (5.4 %).');
    expect(lines.some((l) => /^\s*%/.test(l))).toBe(false);
  });

  it('svc models fits: capability columns go first, the model name is cut with "…" only as far as needed', async () => {
    const r = await svcOnTerminal(['models'], 60, { SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEYS.limited });
    expect(r.code).toBe(0);
    const lines = visibleLines(r.out);
    expect(widest(lines)).toBeLessThanOrEqual(60);
    expect(lines[0]).toMatch(/^MODEL +CONTEXT +OUTPUT +IN\/1M +OUT\/1M +TOOL RSN IMG$/);
    expect(lines).toContainEqual(expect.stringMatching(/^claude-sonnet… +200K +64K +3\.00 +15\.00 +yes +yes yes$/));
    expect(visibleLines(r.out).join(' ')).toContain('Not shown at this width: PDF, CACHE');
  });

  it('a very narrow terminal keeps the model, the requests and the cost', async () => {
    const r = await svcOnTerminal(['usage'], 40, usageEnv());
    const lines = visibleLines(r.out);
    const table = lines.slice(lines.findIndex((l) => l.startsWith('MODEL')), lines.findIndex((l) => l.startsWith('TOTAL')) + 1);
    expect(table).toHaveLength(6);
    expect(widest(table)).toBeLessThanOrEqual(40);
    expect(table[0]).toMatch(/^MODEL +REQUESTS +COST \$$/);
    expect(visibleLines(r.out).join(' ')).toContain('Not shown at this width: INPUT, OUTPUT, CACHE READ');
  });
});

describe('into a pipe', () => {
  it('prints full rows: every column, names whole, nothing left out', async () => {
    const usage = await svcInProcess(['usage'], usageEnv());
    expect(usage.stdout).toMatch(/^MODEL +REQUESTS +INPUT +OUTPUT +CACHE READ +COST \$$/m);
    expect(usage.stdout).toMatch(/^claude-sonnet-4-20250514 +12,345 +42,004,558 +10,884,574 +1,234,567 +6\.30$/m);
    expect(usage.stdout).toMatch(/^mistral-large-2411-instruct-eu-west-preview +10 +1,000 +100 +0 +0\.00$/m);
    expect(usage.stdout).not.toContain('Not shown');
    const models = await svcInProcess(['models'], { SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEYS.limited });
    expect(models.stdout).toMatch(/^MODEL +CONTEXT +OUTPUT +IN\/1M +OUT\/1M +TOOL RSN IMG PDF CACHE$/m);
    expect(models.stdout).toMatch(/^claude-sonnet-4 +200K +64K /m);
  });
});
