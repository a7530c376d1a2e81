// The gateway answering as real LiteLLM does (reviewer's defects 1-4): money and prices as JSON
// floats and exponent strings, /user/daily/activity in pages (newest first, a day split over two
// pages, totals per page), answers that contradict themselves, and --since after the service's
// today. A node:http server of the test's own sends the answers written out below; the service's
// today is its Date header, 2026-11-20. Expected figures are worked out by hand in the comments.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { svc } from './_helpers.js';
import { cleanup, tempDir } from '../_harness/index.js';

vi.setConfig({ testTimeout: 20_000 });

const KEY = 'sk-litellm-test-0001';

/** JSON text as LiteLLM (Python) writes it: floats as floats. Built by hand, so 1.1e-06 stays as written. */
const KEY_INFO = `{"key": "hashed-0001", "info": {"key_alias": "ci-bot", "key_name": "sk-...0001", "org_id": "org-1",
  "spend": 0.0123, "max_budget": 50.0, "budget_duration": "1mo", "budget_reset_at": "2026-12-01T00:00:00Z",
  "blocked": false, "models": ["m-a", "m-b"], "usage_shared": true, "credits": {"balance_usd": -3.2}, "dev_plan": null}}`;

const MODEL_INFO = `{"data": [{"model_name": "m-a", "litellm_params": {"model": "prov/m-a"}, "model_info": {"mode": "chat",
  "max_input_tokens": 200000, "max_output_tokens": 8192, "input_cost_per_token": 1.1e-06, "output_cost_per_token": "3e-06",
  "cache_read_input_token_cost": 1.1e-07, "cache_creation_input_token_cost": 0.00000375}}]}`;

const m = (spend: string, prompt: number, completion: number, requests: number) =>
  `{"spend": ${spend}, "prompt_tokens": ${prompt}, "completion_tokens": ${completion}, "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0, "total_tokens": ${prompt + completion}, "api_requests": ${requests}, "successful_requests": ${requests}, "failed_requests": 0}`;
const meta = (spend: string, prompt: number, completion: number, requests: number, page: number, pages: number) =>
  `{"total_spend": ${spend}, "total_prompt_tokens": ${prompt}, "total_completion_tokens": ${completion}, "total_cache_read_input_tokens": 0, "total_cache_creation_input_tokens": 0, "total_tokens": ${prompt + completion}, "total_api_requests": ${requests}, "total_successful_requests": ${requests}, "total_failed_requests": 0, "page": ${page}, "total_pages": ${pages}, "has_more": ${page < pages}}`;
const day = (date: string, metrics: string, models: Record<string, string>) =>
  `{"date": "${date}", "metrics": ${metrics}, "breakdown": {"models": {${Object.entries(models).map(([k, v]) => `"${k}": {"metrics": ${v}, "metadata": {}}`).join(', ')}}, "api_keys": {}, "providers": {}}}`;

/**
 * LiteLLM's paging: records (a day and model), newest first, 2026-11-19 split over both pages,
 * each page's totals of its own records (0.1 + 0.2 summed in floats is 0.30000000000000004).
 * By hand: m-a 0.1 + 0.2 = 0.3 ($), 1 + 2 = 3 requests, 100 + 200 = 300 prompt, 10 + 20 = 30 out;
 * m-b 0.25, 2, 250, 25; the day 2026-11-19 on page 2 is 0.3, 3, 300, 30, so (no model) is
 * 0.3 − 0.25 = 0.05, 1, 50, 5. TOTAL 0.1 + 0.2 + 0.3 = 0.6, 6 requests, 600 prompt, 60 out.
 */
const PAGED = {
  1: `{"results": [${day('2026-11-20', m('0.1', 100, 10, 1), { 'm-a': m('0.1', 100, 10, 1) })}, ${day('2026-11-19', m('0.2', 200, 20, 2), { 'm-a': m('0.2', 200, 20, 2) })}],
      "metadata": ${meta('0.30000000000000004', 300, 30, 3, 1, 2)}}`,
  2: `{"results": [${day('2026-11-19', m('0.3', 300, 30, 3), { 'm-b': m('0.25', 250, 25, 2) })}], "metadata": ${meta('0.3', 300, 30, 3, 2, 2)}}`,
} as Record<number, string>;

/** The reviewer's answer: totals of the whole range ($0.90, 6 requests) in 3 pages, but only page 1 has days ($0.30, 2 requests). */
const SHORT = (page: number) =>
  page === 1
    ? `{"results": [${day('2026-11-20', m('0.30', 30, 3, 2), { 'm-a': m('0.30', 30, 3, 2) })}], "metadata": ${meta('"0.90"', 90, 9, 6, 1, 3)}}`
    : `{"results": [], "metadata": ${meta('"0.90"', 90, 9, 6, page, 3)}}`;

/** A day whose models add up to more than the day: 2 + 4 = 6 requests and $0.60 against the day's 2 and $0.30. */
const OVER = `{"results": [${day('2026-11-18', m('0.30', 50, 5, 2), { 'm-a': m('0.30', 50, 5, 2), 'm-b': m('0.30', 450, 45, 4) })}], "metadata": ${meta('0.30', 50, 5, 2, 1, 1)}}`;

let activity: (page: number) => string = (p) => PAGED[p]!;
const asked: URLSearchParams[] = [];

let server: Server;
let url: string;
let home: string;
beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url!, 'http://x');
    // The service's today, as the gateway's answers say it (never this computer's clock).
    res.setHeader('date', 'Fri, 20 Nov 2026 12:00:00 GMT');
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${KEY}`) return res.writeHead(401).end('{"error": "unauthorized"}');
    if (u.pathname === '/key/info') return res.end(KEY_INFO);
    if (u.pathname === '/v1/model/info') return res.end(MODEL_INFO);
    if (u.pathname === '/user/daily/activity') {
      asked.push(u.searchParams);
      return res.end(activity(Number(u.searchParams.get('page') ?? '1')));
    }
    res.writeHead(404).end('{"error": "not_found"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(async () => {
  home = await tempDir();
  asked.length = 0;
  activity = (p) => PAGED[p]!;
});
afterEach(() => cleanup(home));

const env = (withKey = true) => ({ SVC_CONFIG_DIR: join(home, 'cfg'), SVC_GATEWAY_URL: url, ...(withKey ? { SVC_API_KEY: KEY } : {}) });

describe('money and prices as LiteLLM sends them', () => {
  it('auth login and auth status take /key/info with float spend, limit and balance', async () => {
    const login = await svc(['auth', 'login', '--with-token'], { env: env(false), stdin: KEY + '\n' });
    expect(login.code, login.stderr).toBe(0);
    const status = await svc(['auth', 'status'], { env: env(false), columns: 120 });
    expect(status.code, status.stderr).toBe(0);
  });

  it('svc models takes prices as floats and exponent strings: per 1M tokens, exact', async () => {
    const r = await svc(['models', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    // By hand: 1.1e-06 × 1e6 = 1.1; "3e-06" → 3; 1.1e-07 → 0.11; 0.00000375 → 3.75.
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ usd_per_1m_input_tokens: '1.1', usd_per_1m_output_tokens: '3', usd_per_1m_cache_read_tokens: '0.11', usd_per_1m_cache_write_tokens: '3.75' });
  });

  it('a negative price is refused naming its field, exit 1', async () => {
    const before = MODEL_INFO;
    const saved = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/v1/model/info') return res.setHeader('content-type', 'application/json'), res.end(before.replace('1.1e-06', '-1.1e-06'));
      saved(req, res);
    });
    try {
      const r = await svc(['models'], { env: env() });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('input_cost_per_token');
      expect(r.stderr).toContain('cannot be negative');
    } finally {
      server.removeAllListeners('request');
      server.on('request', saved);
    }
  });
});

describe('svc usage over LiteLLM pages', () => {
  it('reads every page, joins a day split over two, and adds up to the pages\' totals', async () => {
    const r = await svc(['usage', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(asked.map((q) => [q.get('page'), q.get('page_size'), q.get('start_date'), q.get('end_date')])).toEqual([
      ['1', '1000', '2026-11-01', '2026-11-20'],
      ['2', '1000', '2026-11-01', '2026-11-20'],
    ]);
    expect(out.total).toMatchObject({ requests: 6, prompt_tokens: 600, output_tokens: 60, cost_usd: '0.6' });
    expect(out.models.map((x: any) => [x.label, x.requests, x.prompt_tokens, x.cost_usd])).toEqual([
      ['m-a', 3, 300, '0.3'],
      ['m-b', 2, 250, '0.25'],
      ['(no model)', 1, 50, '0.05'],
    ]);
    const table = await svc(['usage'], { env: env(), columns: 100 });
    expect(table.stdout).toMatch(/^TOTAL\s+6\s+600\s+60\s+0\s+0\.60$/m);
  });

  it('the reviewer\'s answer (totals $0.90 over 3 pages, the days of all pages $0.30) is refused, exit 1, naming the field', async () => {
    activity = SHORT;
    const r = await svc(['usage'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('TOTAL');
    expect(asked.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
    expect(r.stderr).toContain('metadata.total_spend');
    expect(r.stderr).toContain('all 3 pages state 0.9, but the days of all 3 pages add up to 0.3');
  });

  it('a gateway that ignores page (page 1 again) is refused rather than counted twice', async () => {
    activity = () => PAGED[1]!;
    const r = await svc(['usage', '--json'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('metadata.page');
    expect(r.stderr).toContain('page 1 came when page 2 was asked for');
  });

  it('models adding up to more than their day: refused naming the day and field, no negative (no model) row', async () => {
    activity = () => OVER;
    const r = await svc(['usage'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('(no model)');
    expect(r.stderr).toContain('2026-11-18');
    expect(r.stderr).toContain("the models' prompt_tokens add up to 500, more than the day's 50");
  });
});

describe('--since after the service\'s today', () => {
  it('without --until: refused naming --since, exit 2, nothing asked', async () => {
    const r = await svc(['usage', '--since', '2027-01-01'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stdout).not.toContain('Period:');
    expect(r.stderr).toContain('--since: 2027-01-01 is after today (2026-11-20, UTC)');
    expect(asked).toHaveLength(0);
  });

  it('with --until: the asked range, never a reversed one, and no usage in it yet', async () => {
    const r = await svc(['usage', '--since', '2027-01-01', '--until', '2027-01-31'], { env: env(), columns: 120 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Period: 2027-01-01 – 2027-01-31 (UTC)');
    expect(r.stdout).toContain('there is no usage in it yet');
  });
});
