// A key's budget named by its own period (outside review, 2026-12): a /key/info budget with
// budget_duration "1d" was shown by auth status as "spent this month". A loopback proxy in front
// of the reference server changes the duration (and reset time) of the samples' limited and blocked keys.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { svc } from './_helpers.js';
import { KEYS, useReferenceServer } from '../_harness/index.js';

vi.setConfig({ testTimeout: 20_000 });

const server = useReferenceServer();
let daily: FakeServer;
beforeAll(async () => {
  daily = await startRewritingProxy(server.url, (req, body) => {
    if (!req.url.startsWith('/key/info')) return body;
    const answer = JSON.parse(body.toString('utf8')) as { info: Record<string, unknown> };
    answer.info.budget_duration = '1d';
    answer.info.budget_reset_at = '2026-11-21T00:00:00Z';
    return JSON.stringify(answer);
  });
});
afterAll(() => daily.close());

const env = (url: string, key: string) => ({ SVC_GATEWAY_URL: url, SVC_API_KEY: key, SVC_CONFIG_DIR: '/nonexistent-svc-config' });
const oneLine = (text: string) => text.replace(/\n {8}/g, ' ');

describe('auth status names the budget by its own period', () => {
  it('a daily budget: "a daily spend limit" and its next reset, never "this month"; --json has the duration as sent', async () => {
    const r = await svc(['auth', 'status'], { env: env(daily.url, KEYS.limited) });
    expect(r.code, r.stderr).toBe(0);
    expect(oneLine(r.stdout)).toMatch(/^Limit: {2}\$[\d,.]+ of \$[\d,.]+ spent \(a daily spend limit; next reset 2026-11-21 00:00 UTC\)$/m);
    expect(r.stdout).not.toContain('this month');
    const json = JSON.parse((await svc(['auth', 'status', '--json'], { env: env(daily.url, KEYS.limited) })).stdout);
    expect([json.budget_duration, json.budget_reset_at]).toEqual(['1d', '2026-11-21T00:00:00Z']);
  });

  it('a blocked key with a daily budget: "the daily spend limit … is reached"', async () => {
    const r = await svc(['auth', 'status'], { env: env(daily.url, KEYS.blocked) });
    expect(r.code).toBe(1);
    expect(oneLine(r.stdout)).toMatch(/Works: {2}no, blocked: the daily spend limit of \$200\.00 is reached \(\$[\d,.]+ spent\); it works again from 2026-11-21 00:00 UTC/);
    expect(r.stdout).not.toContain('monthly');
  });

  it('the spec\'s monthly budget ("1mo") is still "spent this month"', async () => {
    const r = await svc(['auth', 'status'], { env: env(server.url, KEYS.limited) });
    expect(oneLine(r.stdout)).toMatch(/^Limit: {2}\$[\d,.]+ of \$[\d,.]+ spent this month$/m);
  });
});

describe('usage names the budget by its own period too', () => {
  it('a daily budget: "Daily spend limit: … used (next reset …)", never "this month"; --json has the duration', async () => {
    const r = await svc(['usage'], { env: env(daily.url, KEYS.limited) });
    expect(r.code, r.stderr).toBe(0);
    expect(oneLine(r.stdout)).toMatch(/^Daily spend limit: \$[\d,.]+ of \$[\d,.]+ used \(next reset 2026-11-21 00:00 UTC\) \([\d.,]+ ?%\)\.$/m);
    expect(r.stdout).not.toContain('Monthly limit');
    const json = JSON.parse((await svc(['usage', '--json'], { env: env(daily.url, KEYS.limited) })).stdout);
    expect(json.monthly_limit.budget_duration).toBe('1d');
  });

  it('the spec\'s monthly budget is still "Monthly limit: … used this month"', async () => {
    const r = await svc(['usage'], { env: env(server.url, KEYS.limited) });
    expect(oneLine(r.stdout)).toMatch(/^Monthly limit: \$[\d,.]+ of \$[\d,.]+ used this month \(/m);
  });
});
