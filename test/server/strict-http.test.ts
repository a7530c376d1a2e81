// Issue 37: what a real gateway does, over real HTTP. An unknown query parameter is a 400 naming
// it (in the error shape every error has); searches past the key's rate limit get 429 with
// Retry-After (declared in the OpenAPI document), which `svc search` waits out and retries; a 401
// says `WWW-Authenticate: Bearer`; HEAD answers wherever GET does, with GET's headers and no body.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { request } from 'undici';
import { startReferenceServer } from '../../src/server/index.js';
import { ErrorBodySchema } from '../../src/model/index.js';
import { call, UA } from './_helpers.js';
import { PARTNER_TOKEN, SAMPLES, apiKey, svcBin, tokenOf, useReferenceServer } from '../_harness/index.js';

const root = mkdtempSync(join(tmpdir(), 'svc-strict-http-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The bundled samples with dataset.json's default rate limit and some keys' own. */
function limitedDataset(defaultRpm: number, own: Record<string, number | null>): string {
  const dir = join(root, `rpm-${defaultRpm}-${Object.keys(own).join('-')}`);
  cpSync(SAMPLES, dir, { recursive: true });
  const meta = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8'));
  meta.default_rpm_limit = defaultRpm;
  writeFileSync(join(dir, 'dataset.json'), JSON.stringify(meta));
  const orgFile = join(dir, 'orgs', 'org-nordlys', 'org.json');
  const org = JSON.parse(readFileSync(orgFile, 'utf8'));
  for (const k of org.keys) if (k.id in own) k.rpm_limit = own[k.id];
  writeFileSync(orgFile, JSON.stringify(org));
  return dir;
}

const s = useReferenceServer();

const search = (base: string, key: string, query = 'reverse charge') => call(base, '/v1/search/service-search', { method: 'POST', body: { query }, token: apiKey(key) });

describe('an unknown query parameter', () => {
  it('?mnth=2023-01 on key-usage is 400 naming it and what the endpoint takes, not the current month', async () => {
    const r = await call(s.url, '/api/orgs/org-nordlys/key-usage?mnth=2023-01', { token: tokenOf('org-nordlys') });
    expect(r.status).toBe(400);
    expect(ErrorBodySchema.parse(r.json)).toEqual({
      error: 'invalid_query',
      message: 'unknown query parameter "mnth": GET /api/orgs/{org_id}/key-usage takes month, year, months, start_date, end_date',
    });
    // The spelled-right one is answered for that month.
    const ok = await call(s.url, '/api/orgs/org-nordlys/key-usage?month=2023-01', { token: tokenOf('org-nordlys') });
    expect(ok.status).toBe(200);
    expect(ok.json.start_date).toBe('2023-01-01');
  });
  it('on every kind of endpoint: one that takes none says so; a known one beside it does not save it', async () => {
    const cases: Array<[string, string | undefined, string]> = [
      ['/api/orgs/org-nordlys/plan-cost?currency=EUR&vat=1', tokenOf('org-nordlys'), 'unknown query parameter "vat": GET /api/orgs/{org_id}/plan-cost takes currency'],
      ['/api/orgs/org-nordlys/monthly-usage?month=2026-01', tokenOf('org-nordlys'), 'unknown query parameter "month": GET /api/orgs/{org_id}/monthly-usage takes months, year'],
      ['/api/orgs/org-nordlys/invoices?page=2', tokenOf('org-nordlys'), 'unknown query parameter "page": GET /api/orgs/{org_id}/invoices takes no query parameters'],
      ['/api/partner/status?org=org-nordlys', PARTNER_TOKEN, 'unknown query parameter "org": GET /api/partner/status takes no query parameters'],
      ['/key/info?key=x', apiKey('key-nl-001'), 'unknown query parameter "key": GET /key/info takes no query parameters'],
      ['/user/daily/activity?start=2026-11-01', apiKey('key-nl-001'), 'unknown query parameter "start": GET /user/daily/activity takes start_date, end_date, page, page_size'],
    ];
    for (const [path, token, message] of cases) {
      const r = await call(s.url, path, { token });
      expect(r.status, path).toBe(400);
      expect(r.json, path).toEqual({ error: 'invalid_query', message });
    }
  });
  it('comes after who asks: no token is 401, another organization 403, a reporting token on the partner endpoint 403 (spec §7 lists them for every endpoint)', async () => {
    const cases: Array<[string, string | undefined, number, string]> = [
      ['/api/orgs/org-nordlys/invoices?x=1', undefined, 401, 'unauthorized'],
      ['/api/orgs/org-nordlys/key-usage?month=2026-10&month=2026-09', undefined, 401, 'unauthorized'],
      ['/api/orgs/org-kattegat/invoices?x=1', tokenOf('org-nordlys'), 403, 'forbidden'],
      ['/api/orgs/org-kattegat/key-usage?mnth=2023-01', tokenOf('org-nordlys'), 403, 'forbidden'],
      ['/api/partner/status?x=1', tokenOf('org-nordlys'), 403, 'not_partner'],
      ['/key/info?key=x', undefined, 401, 'unauthorized'],
    ];
    for (const [path, token, status, error] of cases) {
      const r = await call(s.url, path, { token });
      expect([r.status, r.json.error], path).toEqual([status, error]);
    }
    // The request's own fault (400) before the organization's state (409): Havblik's setup needs attention.
    const havblik = tokenOf('org-havblik');
    expect((await call(s.url, '/api/orgs/org-havblik/key-usage?mnth=2023-01', { token: havblik })).status).toBe(400);
    expect((await call(s.url, '/api/orgs/org-havblik/key-usage?month=2026-13', { token: havblik })).status).toBe(400);
    expect((await call(s.url, '/api/orgs/org-havblik/key-usage?month=2026-10', { token: havblik })).status).toBe(409);
  });
});

describe('the key\'s rate limit on search', () => {
  it('50 searches at once with one key under the default of 30 a minute: 30 answered, the rest 429 with Retry-After', async () => {
    const started = performance.now();
    const all = await Promise.all(Array.from({ length: 50 }, () => search(s.url, 'key-nl-002')));
    const elapsed = performance.now() - started;
    const ok = all.filter((r) => r.status === 200);
    const limited = all.filter((r) => r.status === 429);
    expect(ok.length + limited.length).toBe(50);
    // A bucket of 30 refills one search every 2 s: only a burst slower than that lets more through.
    expect(ok.length).toBeGreaterThanOrEqual(30);
    expect(ok.length).toBeLessThanOrEqual(30 + Math.floor(elapsed / 2000));
    for (const r of limited) {
      expect(ErrorBodySchema.parse(r.json).error).toBe('rate_limited');
      expect(r.json.message).toMatch(/^the key's rate limit of 30 requests a minute is used up; searches are allowed again in [12] s$/);
      expect(['1', '2']).toContain(r.headers['retry-after']);
      expect(r.headers['x-ratelimit-limit-requests']).toBe('30');
      expect(r.headers['x-ratelimit-remaining-requests']).toBe('0');
    }
    expect(ok.every((r) => r.headers['x-ratelimit-limit-requests'] === '30')).toBe(true);
    // Another key has its own limit.
    expect((await search(s.url, 'key-nl-001')).status).toBe(200);
  });

  it('a key\'s own limit, and no limit, from the dataset; Retry-After is the wait for the next search', async () => {
    const server = await startReferenceServer({ dataDir: limitedDataset(3, { 'key-nl-001': null }) });
    try {
      const remaining = [];
      for (let i = 0; i < 3; i++) {
        const r = await search(server.url, 'key-nl-002');
        expect(r.status).toBe(200);
        remaining.push(r.headers['x-ratelimit-remaining-requests']);
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await search(server.url, 'key-nl-002');
      expect(refused.status).toBe(429);
      // 3 a minute: one every 20 s, of which (almost) none has passed.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(20);
      const unlimited = await Promise.all(Array.from({ length: 40 }, () => search(server.url, 'key-nl-001')));
      expect(unlimited.map((r) => r.status)).toEqual(Array(40).fill(200));
      expect(unlimited[0]!.headers['x-ratelimit-limit-requests']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('svc search waits out the Retry-After and gets its results', async () => {
    // 6 a minute: one search every 10 s, longer than svc takes to start, so it meets the limit.
    const server = await startReferenceServer({ dataDir: limitedDataset(30, { 'key-nl-002': 6 }) });
    try {
      const used = await Promise.all(Array.from({ length: 6 }, () => search(server.url, 'key-nl-002')));
      expect(used.every((r) => r.status === 200)).toBe(true);
      const r = await svcBin(['search', 'reverse', 'charge'], { SVC_API_KEY: apiKey('key-nl-002'), SVC_GATEWAY_URL: server.url, SVC_DEBUG: '1' }, { killAfterMs: 30_000 });
      expect(r.code, r.stderr).toBe(0);
      const wait = /svc: ← 429 POST \/v1\/search\/service-search .*\nsvc: retry 1 of 2 in (\d+) ms after: the service is rate limiting this client\n/.exec(r.stderr);
      expect(wait, r.stderr).not.toBeNull();
      // The wait is the server's Retry-After in whole seconds (1 to 10), and it was waited.
      const ms = Number(wait![1]);
      expect(ms % 1000).toBe(0);
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThanOrEqual(10_000);
      expect(r.ms).toBeGreaterThanOrEqual(ms);
      expect(r.stdout).toContain('https://skat.dk/en-us/businesses/vat/reverse-charge');
    } finally {
      await server.close();
    }
  }, 40_000);
});

describe('401 says how to authenticate', () => {
  it('WWW-Authenticate: Bearer, with error="invalid_token" when a credential was sent and refused', async () => {
    const cases: Array<[string, string | undefined, string]> = [
      ['/api/orgs/org-nordlys/invoices', undefined, 'Bearer'],
      ['/api/orgs/org-nordlys/invoices', 'rt_unknown', 'Bearer error="invalid_token"'],
      ['/api/partner/status', undefined, 'Bearer'],
      ['/v1/service/key', 'sk-unknown', 'Bearer error="invalid_token"'],
      ['/v1/service/key', apiKey('key-nl-004'), 'Bearer error="invalid_token"'], // blocked by its monthly limit
      ['/key/info', undefined, 'Bearer'],
    ];
    for (const [path, token, challenge] of cases) {
      const r = await call(s.url, path, { token });
      expect(r.status, path).toBe(401);
      expect(r.headers['www-authenticate'], path).toBe(challenge);
    }
    const blocked = await search(s.url, 'key-nl-004');
    expect(blocked.status).toBe(401);
    expect(blocked.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    // Not on other errors.
    expect((await call(s.url, '/api/orgs/org-kattegat/invoices', { token: tokenOf('org-nordlys') })).headers['www-authenticate']).toBeUndefined();
  });
});

describe('HEAD answers wherever GET does', () => {
  const head = async (path: string, token?: string) => {
    const r = await request(s.url + path, { method: 'HEAD', headers: { 'user-agent': UA, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const body = Buffer.from(await r.body.arrayBuffer());
    return { status: r.statusCode, headers: r.headers, body };
  };
  const nordlys = tokenOf('org-nordlys');
  it('same status and headers as GET, content-length included, and no body', async () => {
    const invoices = await call(s.url, '/api/orgs/org-nordlys/invoices', { token: nordlys });
    const id = invoices.json[0].id as string;
    const paths: Array<[string, string | undefined]> = [
      ['/api/orgs/org-nordlys/invoices', nordlys],
      [`/api/orgs/org-nordlys/invoices/${id}`, nordlys],
      [`/api/orgs/org-nordlys/invoices/${id}/pdf`, nordlys],
      ['/api/orgs/org-nordlys/key-usage?month=2026-10', nordlys],
      ['/api/orgs/org-nordlys/monthly-usage', nordlys],
      ['/api/orgs/org-nordlys/plan-cost?currency=EUR', nordlys],
      ['/api/partner/status', PARTNER_TOKEN],
      ['/api/openapi.json', undefined],
      ['/v1/service/key', apiKey('key-nl-001')],
      ['/key/info', apiKey('key-nl-001')],
      ['/v1/model/info', apiKey('key-nl-001')],
      ['/user/daily/activity', apiKey('key-nl-001')],
      // Errors too: 401, 403, 404, 400.
      ['/api/orgs/org-nordlys/invoices', undefined],
      ['/api/orgs/org-kattegat/invoices', nordlys],
      ['/api/orgs/org-nordlys/invoices/00000000-0000-0000-0000-000000000000', nordlys],
      ['/api/orgs/org-nordlys/key-usage?mnth=1', nordlys],
    ];
    for (const [path, token] of paths) {
      const get = await call(s.url, path, { token });
      const h = await head(path, token);
      expect(h.status, path).toBe(get.status);
      expect(h.body.length, path).toBe(0);
      for (const name of ['content-type', 'content-length', 'www-authenticate']) expect(h.headers[name], `${path} ${name}`).toBe(get.headers[name]);
      expect(Number(h.headers['content-length']), path).toBe(get.bytes.length);
    }
  });
  it('not on the POST-only search (405, Allow: POST); a POST to a GET endpoint says Allow: GET, HEAD', async () => {
    const h = await head('/v1/search/service-search', apiKey('key-nl-001'));
    expect(h.status).toBe(405);
    expect(h.headers.allow).toBe('POST');
    const post = await call(s.url, '/api/orgs/org-nordlys/invoices', { method: 'POST', token: nordlys, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('the OpenAPI document declares it', () => {
  it('search answers 429 with Retry-After; 401 carries WWW-Authenticate', async () => {
    const doc = (await call(s.url, '/api/openapi.json')).json;
    const op = doc.paths['/v1/search/service-search'].post;
    expect(op.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(Object.keys(doc.components.responses.TooManyRequests.headers)).toContain('Retry-After');
    expect(Object.keys(doc.components.responses.Unauthorized.headers)).toEqual(['WWW-Authenticate']);
  });
});
