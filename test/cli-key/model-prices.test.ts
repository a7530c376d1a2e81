// A small price is not free (outside review, 2026-12): an input price of US$0.00000000002 per
// token, $0.00002 per 1M, showed as 0.0000 in `svc models`. The reference server's answer goes
// through a loopback proxy that sets that price on one model.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRewritingProxy, type FakeServer } from '../client/_fake-server.js';
import { svc } from './_helpers.js';
import { KEYS, useReferenceServer } from '../_harness/index.js';

vi.setConfig({ testTimeout: 20_000 });

const server = useReferenceServer();
let proxy: FakeServer;
beforeAll(async () => {
  proxy = await startRewritingProxy(server.url, (req, body) => {
    if (!req.url.startsWith('/v1/model/info')) return body;
    const answer = JSON.parse(body.toString('utf8')) as { data: Array<{ model_name: string; model_info: Record<string, unknown> }> };
    const model = answer.data.find((m) => m.model_name === 'claude-sonnet-4')!;
    model.model_info.input_cost_per_token = '0.00000000002';
    model.model_info.output_cost_per_token = '0.00000000005';
    return JSON.stringify(answer);
  });
});
afterAll(() => proxy.close());

describe('svc models: a price above zero is never shown as zero', () => {
  it('shows <0.0001 where four decimals would say 0.0000, says what it means, and --json stays exact', async () => {
    const env = { SVC_GATEWAY_URL: proxy.url, SVC_API_KEY: KEYS.limited, SVC_CONFIG_DIR: '/nonexistent-svc-config' };
    const r = await svc(['models'], { env, columns: 120 });
    expect(r.code, r.stderr).toBe(0);
    // $0.00005 per 1M rounds half up to 0.0001, which is not zero either.
    expect(r.stdout).toMatch(/^claude-sonnet-4\s+200K\s+64K\s+<0\.0001\s+0\.0001\s/m);
    expect(r.stdout).not.toMatch(/\b0\.0000\b/);
    expect(r.stdout).toContain('<0.0001: above zero, less than $0.0001.');
    const json = JSON.parse((await svc(['models', '--json'], { env })).stdout) as Array<{ model: string; usd_per_1m_input_tokens: string }>;
    expect(json.find((m) => m.model === 'claude-sonnet-4')!.usd_per_1m_input_tokens).toBe('0.00002');
  });

  it('the usual prices keep their two to four decimals and no legend line for <0.0001', async () => {
    const r = await svc(['models'], { env: { SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEYS.limited, SVC_CONFIG_DIR: '/nonexistent-svc-config' }, columns: 120 });
    expect(r.stdout).toMatch(/^claude-sonnet-4\s+200K\s+64K\s+3\.00\s+15\.00\s/m);
    expect(r.stdout).not.toContain('<0.0001');
  });
});
