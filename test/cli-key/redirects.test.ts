// A redirect (outside review, 2026-12): svc never follows one (the key would go to another host),
// and said only "unexpected HTTP 302 from the service". Now it names the status and the Location
// (no user info, no query: either may carry a secret), what to set the URL to, and search keeps
// its "search failed with HTTP <status>" form. A loopback server answers as the test scripts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { svc } from './_helpers.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import { GatewayClient, RedirectError, SearchFailedError } from '../../src/index.js';

vi.setConfig({ testTimeout: 20_000 });

const KEY = 'sk-redirect-0123456789abcdef';
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((req, res) => {
    const path = req.url.split('?')[0]!;
    if (path === '/v1/search/service-search') {
      res.writeHead(302, { location: 'https://alice:s3cretpw@gw2.example.com/v1/search/service-search?token=tok-in-the-query' }).end();
    } else if (path === '/v1/model/info') {
      res.writeHead(307, { location: `http://127.0.0.1:${new URL(server.url).port}/v1/model/info` }).end();
    } else if (path === '/v1/service/key') {
      res.writeHead(308).end();
    } else if (path.startsWith('/api/')) {
      res.writeHead(301, { location: `https://reporting2.example.com${req.url}` }).end();
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(() => server.close());

const env = () => ({ SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEY, SVC_CONFIG_DIR: '/nonexistent-svc-config' });

describe('a redirect is named, never followed', () => {
  it('search: "search failed with HTTP 302", the Location without its password or query, and the URL to set', async () => {
    const r = await svc(['search', 'skat'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'svc: search failed with HTTP 302: the gateway answered with a redirect to https://gw2.example.com/v1/search/service-search?…, which svc does not follow: ' +
        'the API key is sent only to the URL it was given (if the gateway is now there, set SVC_GATEWAY_URL to https://gw2.example.com)\n',
    );
    expect(r.stderr).not.toMatch(/s3cretpw|alice|tok-in-the-query/);
    expect(server.seen.filter((s) => s.url.startsWith('/v1/search')).length).toBe(1);
  });

  it('a redirect to the URL asked (a loop) and one without a Location say so', async () => {
    const loop = await svc(['models'], { env: env() });
    expect(loop.code).toBe(1);
    expect(loop.stderr).toContain(`svc: the gateway answered with a redirect (HTTP 307) to the URL it was asked at (${server.url}/v1/model/info), a loop, which svc does not follow`);
    expect(loop.stderr).toContain('(check SVC_GATEWAY_URL; if it is right, the service or a proxy in front of it is misconfigured)');
    const none = await svc(['auth', 'fields'], { env: env() });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('svc: the gateway answered with a redirect (HTTP 308) without a Location that is a URL');
  });

  it('the reporting client names the base URL to set below which the same path is asked', async () => {
    const client = new ReportingClient({ baseUrl: server.url, orgId: 'org-nordlys', token: 'rt_redirect_0123456789', env: {}, maxRetries: 0 });
    const e = (await client.getMonthlyUsage().catch((x: unknown) => x)) as RedirectError;
    // An embedder catches it by class, from the package root.
    expect(e).toBeInstanceOf(RedirectError);
    expect(e.name).toBe('RedirectError');
    expect(e.status).toBe(301);
    expect(e.message).toBe('the reporting API answered with a redirect (HTTP 301) to https://reporting2.example.com/api/orgs/org-nordlys/monthly-usage, which svc does not follow: the reporting token (SVC_REPORTING_TOKEN) is sent only to the URL it was given');
    expect(e.hint).toBe('if the reporting API is now there, set the baseUrl option to https://reporting2.example.com');
  });

  it('the gateway client gives a library caller the same SearchFailedError for a redirect as for an error status', async () => {
    const client = new GatewayClient({ gatewayUrl: server.url, apiKey: KEY, env: {}, maxRetries: 0 });
    const e = await client.search({ query: 'skat' }).then(() => undefined, (x: unknown) => x);
    expect(e).toBeInstanceOf(SearchFailedError);
    expect((e as SearchFailedError).cause).toBeInstanceOf(RedirectError);
    expect((e as SearchFailedError).status).toBe(302);
    expect((e as Error).message).toMatch(/^search failed with HTTP 302: the gateway answered with a redirect to https:\/\/gw2\.example\.com\/v1\/search\/service-search\?…/);
    expect((e as Error).message).not.toContain('s3cretpw');
  });
});

