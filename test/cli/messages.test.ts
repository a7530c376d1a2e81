// Issue 19, items 4 and 5: `--json` is what the service sent, and messages say what happened
// (the built svc against a stand-in gateway whose answers each test chooses: the first test as
// the real bin, the others the built code in-process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { svcBin, svcInProcess } from '../_harness/index.js';

const KEY = 'sk-test-0123456789abcdef';
const RESULT = { title: 'Momsloven', url: 'https://www.retsinformation.dk/eli/lta/2023/1021', snippet: 'Lov om merværdiafgift', date: '' };

/** What the stand-in answers next, per path. */
const answers = new Map<string, (res: Parameters<Parameters<typeof startFakeServer>[0]>[1]) => void>();
let gateway: FakeServer;
beforeAll(async () => {
  gateway = await startFakeServer((req, res) => {
    const answer = answers.get(req.url.split('?')[0]!);
    if (answer) answer(res);
    else json(res, 404, { error: 'not_found' });
  });
});
afterAll(() => gateway.close());
const env = { SVC_GATEWAY_URL: '', SVC_API_KEY: KEY };
const envOf = () => ({ ...env, SVC_GATEWAY_URL: gateway.url });

function keyInfo(credits: string | null) {
  return {
    key: 'k-1',
    info: {
      key_alias: 'Bookkeeping', key_name: 'sk-...cdef', org_id: 'org-test', spend: '1.50', max_budget: null, budget_duration: null,
      budget_reset_at: null, blocked: false, models: ['gpt-4.1'], usage_shared: true, credits: credits === null ? null : { balance_usd: credits }, dev_plan: null,
    },
  };
}
const NO_ACTIVITY = {
  results: [],
  metadata: { total_spend: '0', total_prompt_tokens: 0, total_completion_tokens: 0, total_cache_read_input_tokens: 0, total_cache_creation_input_tokens: 0, total_tokens: 0, total_api_requests: 0 },
};

describe('--json keeps what the service sent', () => {
  it('svc search --json keeps fields beyond the spec (engine, score, category …), at the top and in each result', async () => {
    const extra = { ...RESULT, engine: 'brave', score: 1.5, category: 'general', engines: ['brave', 'duckduckgo'] };
    answers.set('/v1/search/service-search', (res) => json(res, 200, { query: 'moms', number_of_results: 2, results: [extra, { ...extra, title: 'Second' }] }));
    const r = await svcBin(['search', '--json', '-n', '1', 'moms'], envOf());
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ query: 'moms', number_of_results: 2, results: [extra] });
  });
});

describe('messages that say what happened', () => {
  it('a 200 with a body that does not fit the spec names the field, not "HTTP 200"', async () => {
    answers.set('/v1/search/service-search', (res) => json(res, 200, { results: [{ ...RESULT, url: 42 }] }));
    const r = await svcInProcess(['search', 'moms'], envOf());
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^svc: the gateway sent an answer this client cannot read \(POST \/v1\/search\/service-search\): field results\[0\]\.url: /);
    expect(r.stderr).not.toContain('HTTP 200');
    answers.set('/v1/model/info', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": ['));
    const models = await svcInProcess(['models'], envOf());
    expect(models.stderr).toMatch(/^svc: the gateway sent an answer this client cannot read \(GET \/v1\/model\/info\): field \$: not valid JSON/);
  });

  it('an error names its HTTP status once', async () => {
    answers.set('/v1/search/service-search', (res) => json(res, 503, { error: 'unavailable' }));
    const search = await svcInProcess(['search', 'moms'], envOf());
    expect(search.code).toBe(1);
    expect(search.stderr.match(/HTTP 503/g)).toHaveLength(1);
    expect(search.stderr).toContain('svc: search failed with HTTP 503: the service failed to answer (try again later)');
    answers.set('/v1/search/service-search', (res) => json(res, 401, { error: 'invalid_key' }));
    answers.set('/key/info', (res) => json(res, 401, { error: 'invalid_key' }));
    const refused = await svcInProcess(['search', 'moms'], envOf());
    expect(refused.stderr.match(/HTTP 401/g)).toHaveLength(1);
    expect(refused.stderr).toContain('svc: search failed with HTTP 401: the service refused the API key sk-…cdef, used because SVC_API_KEY is set');
  });

  it('auth fields --all names a failing key\'s status once too', async () => {
    const cfg = await mkdtemp(join(tmpdir(), 'svc-msg-'));
    answers.set('/key/info', (res) => json(res, 200, keyInfo(null)));
    const login = await svcInProcess(['auth', 'login', '--with-token', '--profile', 'books'], { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: cfg }, { stdin: `${KEY}\n` });
    expect(login.code).toBe(0);
    answers.set('/v1/service/key', (res) => json(res, 500, { error: 'internal' }));
    const r = await svcInProcess(['auth', 'fields', '--all'], { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: cfg });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('books (sk-…cdef)\n  the service failed to answer (HTTP 500)\n');
    expect(r.stdout.match(/HTTP 500/g)).toHaveLength(1);
    await rm(cfg, { recursive: true, force: true });
  });

  it('a bad SVC_GATEWAY_URL is explained as the gateway\'s URL, never the reporting one', async () => {
    for (const [url, said] of [
      ['gateway.example.com', 'is not a URL'],
      ['ftp://gateway.example.com', 'must start with http:// or https://'],
    ]) {
      const r = await svcInProcess(['models'], { ...env, SVC_GATEWAY_URL: url });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`svc: the URL of the gateway (SVC_GATEWAY_URL) "${url}" ${said} (set SVC_GATEWAY_URL to e.g. https://gateway.example.com)\n`);
      expect(r.stderr).not.toMatch(/reporting|base URL/);
    }
  });

  it('a negative credit balance is an overdraft, not "$-3.20 left"', async () => {
    answers.set('/key/info', (res) => json(res, 200, keyInfo('-3.20')));
    answers.set('/user/daily/activity', (res) => json(res, 200, NO_ACTIVITY));
    const r = await svcInProcess(['usage'], envOf());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Credits: -$3.20, overdrawn by $3.20, shared by all keys of the organization;');
    expect(r.stdout).not.toContain('$-');
    answers.set('/key/info', (res) => json(res, 200, keyInfo('412.50')));
    expect((await svcInProcess(['usage'], envOf())).stdout).toContain('Credits: $412.50 left, shared by all keys');
  });
});
