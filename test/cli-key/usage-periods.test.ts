// svc usage --month YYYY-MM and --since/--until (issue 40): any calendar month or range of days,
// by the spec's rules for ranges (UTC days, the end clamped to the service's today, one request
// at most 366 days, longer ranges asked in parts). Expected figures come from the gateway's own
// answers to requests this test makes itself, each within the 366 days the endpoint allows.
import { describe, expect, it, vi } from 'vitest';
import { Decimal } from 'decimal.js';
import { svc } from './_helpers.js';
import { KEYS, keyHolder } from '../_harness/index.js';

vi.setConfig({ testTimeout: 30_000 });

const at = keyHolder();
const env = (extra: Record<string, string> = {}) => ({ SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url, SVC_API_KEY: KEYS.limited, ...extra });

async function activity(start: string, end: string): Promise<any> {
  const res = await fetch(`${at.server.url}/user/daily/activity?start_date=${start}&end_date=${end}`, { headers: { authorization: `Bearer ${KEYS.limited}`, 'user-agent': 'svc-test' } });
  expect(res.status).toBe(200);
  return res.json();
}

describe('svc usage --month', () => {
  it('a past month: its days, the gateway\'s figures, the month named in the header', async () => {
    const r = await svc(['usage', '--month', '2026-09', '--json'], { env: env() });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.period).toMatchObject({ name: 'calendar-month', month: '2026-09', start_date: '2026-09-01', end_date: '2026-09-30' });
    const raw = await activity('2026-09-01', '2026-09-30');
    expect(out.total.cost_usd).toBe(new Decimal(raw.metadata.total_spend).toString());
    expect(out.total.requests).toBe(raw.metadata.total_api_requests);
    const table = await svc(['usage', '--month', '2026-09'], { env: env(), columns: 100 });
    expect(table.stdout).toContain('Period: September 2026, 2026-09-01 – 2026-09-30 (UTC)');
    expect(table.stdout).toMatch(new RegExp(`^TOTAL\\s+${raw.metadata.total_api_requests.toLocaleString('en-US')}\\s`, 'm'));
  });

  it('the current month runs to the service\'s today and says so', async () => {
    const r = await svc(['usage', '--month', '2026-11'], { env: env(), columns: 100 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Period: November 2026, 2026-11-01 – 2026-11-20 (UTC)');
    expect(r.stdout.replace(/\n {2}/g, ' ')).toContain("The period ends at the service's today (2026-11-20, UTC), not 2026-11-30: there is no usage after it yet.");
    const json = JSON.parse((await svc(['usage', '--month', '2026-11', '--json'], { env: env() })).stdout);
    expect(json.period).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-20', asked_end_date: '2026-11-30', today: '2026-11-20' });
    // The same days as the default period, so the same figures.
    const month = JSON.parse((await svc(['usage', '--json'], { env: env() })).stdout);
    expect(json.total).toEqual(month.total);
  });

  it('a month after the service\'s today has no usage yet: said, nothing asked, exit 0', async () => {
    const r = await svc(['usage', '--month', '2027-02'], { env: env(), columns: 100 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Period: February 2027, 2027-02-01 – 2027-02-28 (UTC)');
    expect(r.stdout.replace(/\n {2}/g, ' ')).toContain("The period starts after the service's today (2026-11-20, UTC): there is no usage in it yet.");
    expect(r.stdout).toContain('No requests in this period.');
  });
});

describe('svc usage --since/--until', () => {
  it('a range past 366 days is asked in parts and adds up to the gateway\'s answers for them', async () => {
    // 2025-01-01 – 2026-10-31 is 669 days; the gateway refuses more than 366 in one request.
    expect((await fetch(`${at.server.url}/user/daily/activity?start_date=2025-01-01&end_date=2026-10-31`, { headers: { authorization: `Bearer ${KEYS.limited}`, 'user-agent': 'svc-test' } })).status).toBe(400);
    const r = await svc(['usage', '--since', '2025-01-01', '--until', '2026-10-31', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.period).toMatchObject({ name: 'range', start_date: '2025-01-01', end_date: '2026-10-31' });
    const a = await activity('2025-01-01', '2025-12-31');
    const b = await activity('2026-01-01', '2026-10-31');
    expect(out.total.cost_usd).toBe(new Decimal(a.metadata.total_spend).plus(b.metadata.total_spend).toString());
    expect(out.total.requests).toBe(a.metadata.total_api_requests + b.metadata.total_api_requests);
    expect(out.total.output_tokens).toBe(a.metadata.total_completion_tokens + b.metadata.total_completion_tokens);
    const sum = out.models.reduce((s: Decimal, m: { cost_usd: string }) => s.plus(m.cost_usd), new Decimal(0));
    expect(sum.toString()).toBe(out.total.cost_usd);
  });

  it('--since alone runs to the service\'s today; an --until after it is cut to it, and said', async () => {
    const alone = JSON.parse((await svc(['usage', '--since', '2026-11-14', '--json'], { env: env() })).stdout);
    const week = JSON.parse((await svc(['usage', '--period', 'week', '--json'], { env: env() })).stdout);
    expect(alone.period).toMatchObject({ start_date: '2026-11-14', end_date: '2026-11-20' });
    expect(alone.period.asked_end_date).toBeUndefined();
    expect(alone.total).toEqual(week.total);
    const cut = await svc(['usage', '--since', '2026-11-14', '--until', '2027-01-31'], { env: env(), columns: 100 });
    expect(cut.stdout).toContain('Period: 2026-11-14 – 2026-11-20 (UTC)');
    expect(cut.stdout.replace(/\n {2}/g, ' ')).toContain('not 2027-01-31');
  });

  it('--all takes the same flags', async () => {
    const login = await svc(['auth', 'login', '--with-token'], { env: { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url }, stdin: KEYS.limited + '\n' });
    expect(login.code, login.stderr).toBe(0);
    const all = JSON.parse((await svc(['usage', '--all', '--month', '2026-10', '--json'], { env: { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: at.server.url } })).stdout);
    const raw = await activity('2026-10-01', '2026-10-31');
    expect(all.period).toMatchObject({ name: 'calendar-month', start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(all.total.cost_usd).toBe(new Decimal(raw.metadata.total_spend).toString());
  });
});

describe('bad period flags: one line naming the flag, exit 2, before any request', () => {
  const cases: Array<[string[], string]> = [
    [['--month', '2026-13'], '--month: must be YYYY-MM, e.g. 2026-10 (got "2026-13")'],
    [['--month', '2026-10', '--period', 'week'], '--period, --month: give at most one period: --period, --month, or --since (with --until)'],
    [['--since', '2026-10-01', '--month', '2026-10'], 'give at most one period'],
    [['--until', '2026-10-01'], '--until: needs --since'],
    [['--since', '2026-02-30'], '--since: must be a real day as YYYY-MM-DD (got "2026-02-30")'],
    [['--since', '2026-10-05', '--until', '2026-10-01'], '--since: 2026-10-05 is after --until 2026-10-01'],
    [['--since', '2026-10-01', '--until', '10/31/2026'], '--until: must be a real day as YYYY-MM-DD'],
  ];
  for (const [flags, message] of cases) {
    it(flags.join(' '), async () => {
      // No gateway at this address: a request would fail otherwise than with exit 2.
      const r = await svc(['usage', ...flags], { env: { SVC_CONFIG_DIR: at.cfg, SVC_GATEWAY_URL: 'http://127.0.0.1:9', SVC_API_KEY: KEYS.limited } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    });
  }
});
