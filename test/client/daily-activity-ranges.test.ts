// GatewayClient.getDailyActivity over a range longer than one request may cover (issue 40):
// asked in parts of at most maxRangeDays, joined into the answer one request would give.
import { describe, expect, it } from 'vitest';
import { GatewayClient } from '../../src/client/gateway-client.js';
import { InvalidRequestError } from '../../src/client/errors/index.js';
import { FAST, KEYS, useReferenceServer } from '../_harness/index.js';

const server = useReferenceServer();

function gateway(requests: string[], maxRangeDays?: number): GatewayClient {
  return new GatewayClient({ gatewayUrl: server.url, apiKey: KEYS.limited, env: {}, ...FAST, logger: (l) => l.includes('→') && requests.push(l), ...(maxRangeDays ? { maxRangeDays } : {}) });
}

describe('getDailyActivity over long ranges', () => {
  it('parts of maxRangeDays give the same days and totals as one request', async () => {
    const one: string[] = [];
    const parts: string[] = [];
    const whole = await gateway(one).getDailyActivity({ start_date: '2026-08-01', end_date: '2026-10-31' });
    const split = await gateway(parts, 30).getDailyActivity({ start_date: '2026-08-01', end_date: '2026-10-31' });
    expect(one).toHaveLength(1);
    // 92 days in parts of 30: 30 + 30 + 30 + 2.
    expect(parts).toHaveLength(4);
    expect(split.results.map((d) => d.date)).toEqual(whole.results.map((d) => d.date));
    expect(split.results).toEqual(whole.results);
    expect(split.metadata.total_spend.toString()).toBe(whole.metadata.total_spend.toString());
    expect({ ...split.metadata, total_spend: 0 }).toEqual({ ...whole.metadata, total_spend: 0 });
  });

  it('past 366 days with the default: parts, where one request is refused by the gateway', async () => {
    const requests: string[] = [];
    const got = await gateway(requests).getDailyActivity({ start_date: '2025-01-01', end_date: '2026-10-31' });
    expect(requests).toHaveLength(2);
    expect(got.results).toHaveLength(669);
    expect(got.results[0]!.date).toBe('2025-01-01');
    expect(got.results.at(-1)!.date).toBe('2026-10-31');
  });

  it('refuses a bad range before any request, naming the field', async () => {
    const requests: string[] = [];
    const c = gateway(requests);
    await expect(c.getDailyActivity({ start_date: '2026-10-05', end_date: '2026-10-01' })).rejects.toThrow(InvalidRequestError);
    await expect(c.getDailyActivity({ start_date: '2026-02-30', end_date: '2026-03-01' })).rejects.toThrow(/^start_date: must be a real day/);
    await expect(c.getDailyActivity({ start_date: '2026-02-01' } as never)).rejects.toThrow(/^start_date: requires end_date/);
    expect(requests).toHaveLength(0);
    expect(() => new GatewayClient({ gatewayUrl: server.url, apiKey: 'sk-x', env: {}, maxRangeDays: 367 })).toThrow(/^maxRangeDays: must be a whole number from 1 to 366/);
  });
});
