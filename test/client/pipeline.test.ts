import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpPipeline } from '../../src/client/http-pipeline.js';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  EdgeRejectedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseSchemaError,
  ServerError,
  SetupNeedsAttentionError,
  TimeoutError,
} from '../../src/client/errors/index.js';
import { OrgPlanCostSchema } from '../../src/model/index.js';
import { VERSION } from '../../src/version.js';
import { json, startFakeServer, type FakeServer } from './_fake-server.js';
import { refusedPort } from '../_harness/index.js';

const TOKEN = 'rt_live_SECRET_9f8e7d6c5b4a';
const PLAN = { currency: 'DKK', seats: 2, lines: [], missing: [], total_monthly_cents: 0 };
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function pipeline(url: string, extra: Partial<ConstructorParameters<typeof HttpPipeline>[0]> = {}): HttpPipeline {
  return new HttpPipeline({
    baseUrl: url,
    token: TOKEN,
    credential: 'reporting token (SVC_REPORTING_TOKEN)',
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...extra,
  });
}

const planCost = { path: '/api/orgs/o1/plan-cost', what: 'plan cost', schema: OrgPlanCostSchema } as const;

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('HttpPipeline headers', () => {
  it('sends the bearer token, an svc User-Agent and the query', async () => {
    server = await startFakeServer((_r, res) => json(res, 200, PLAN));
    const out = await pipeline(server.url).request({ ...planCost, query: { currency: 'EUR', skip: undefined } });
    expect(out.seats).toBe(2);
    const seen = server.seen[0]!;
    expect(seen.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen.headers['user-agent']).toBe(`svc/${VERSION} (node/${process.version})`);
    expect(seen.url).toBe('/api/orgs/o1/plan-cost?currency=EUR');
  });

  it('keeps a path prefix of the base URL', async () => {
    server = await startFakeServer((_r, res) => json(res, 200, PLAN));
    await pipeline(`${server.url}/reporting/`).request(planCost);
    expect(server.seen[0]!.url).toBe('/reporting/api/orgs/o1/plan-cost');
  });
});

describe('HttpPipeline retries', () => {
  it('retries 5xx then succeeds', async () => {
    server = await startFakeServer((_r, res, n) => (n < 2 ? json(res, 503, { error: 'down', message: 'x' }) : json(res, 200, PLAN)));
    const out = await pipeline(server.url).request(planCost);
    expect(out.currency).toBe('DKK');
    expect(server.seen).toHaveLength(3);
  });

  it('gives up after maxRetries with a ServerError', async () => {
    server = await startFakeServer((_r, res) => json(res, 502, {}));
    const e = await failure(pipeline(server.url, { maxRetries: 1 }).request(planCost));
    expect(e).toBeInstanceOf(ServerError);
    expect(e.status).toBe(502);
    expect(e.endpoint).toBe('GET /api/orgs/o1/plan-cost');
    expect(server.seen).toHaveLength(2);
  });

  it('honours Retry-After in seconds', async () => {
    server = await startFakeServer((_r, res, n) => (n === 0 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 200, PLAN)));
    const t0 = Date.now();
    await pipeline(server.url).request(planCost);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(server.seen).toHaveLength(2);
  });

  it('honours Retry-After as an HTTP date', async () => {
    server = await startFakeServer((_r, res, n) =>
      n === 0 ? json(res, 503, {}, { 'retry-after': new Date(Date.now() + 1500).toUTCString() }) : json(res, 200, PLAN),
    );
    const t0 = Date.now();
    await pipeline(server.url).request(planCost);
    // An HTTP date has whole seconds, so the wait is between ~0.5 and 1.5 s.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(400);
  });

  it('does not wait for a Retry-After beyond the limit', async () => {
    server = await startFakeServer((_r, res) => json(res, 429, {}, { 'retry-after': '3600' }));
    const e = await failure(pipeline(server.url).request(planCost));
    expect(e).toBeInstanceOf(RateLimitError);
    expect((e as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(e.hint).toContain('3600 s');
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    [400, { error: 'bad_period', message: 'month must be YYYY-MM' }, BadRequestError],
    [401, { error: 'unauthorized', message: 'no' }, AuthenticationError],
    [403, { error: 'usage_not_shared', message: 'no' }, PermissionDeniedError],
    [404, { error: 'not_found', message: 'no' }, NotFoundError],
    [409, { error: 'needs_attention', message: 'no' }, SetupNeedsAttentionError],
  ])('never retries HTTP %i', async (status, body, cls) => {
    server = await startFakeServer((_r, res) => json(res, status, body));
    const e = await failure(pipeline(server.url).request(planCost));
    expect(e).toBeInstanceOf(cls);
    expect(e.status).toBe(status);
    expect(server.seen).toHaveLength(1);
  });

  it('retries connection errors and then reports a ConnectionError', async () => {
    const url = `http://127.0.0.1:${await refusedPort()}`;
    const e = await failure(pipeline(url, { maxRetries: 1 }).request(planCost));
    expect(e).toBeInstanceOf(ConnectionError);
    expect(e.message).toContain(url);
    expect(e.message).toContain('ECONNREFUSED');
  });
});

describe('HttpPipeline errors', () => {
  it('reads the reason of a 400 from the body', async () => {
    server = await startFakeServer((_r, res) => json(res, 400, { error: 'bad_request', message: 'range longer than 366 days' }));
    const e = await failure(pipeline(server.url).request(planCost));
    expect((e as BadRequestError).reason).toBe('range longer than 366 days');
    expect(e.message).toBe('the service refused the request: range longer than 366 days');
  });

  it('recognises the edge proxy 1010 and does not retry it', async () => {
    server = await startFakeServer((_r, res) => {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('error code: 1010');
    });
    const e = await failure(pipeline(server.url).request(planCost));
    expect(e).toBeInstanceOf(EdgeRejectedError);
    expect(e.hint).toMatch(/User-Agent/);
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    [{ error: 'usage_not_shared', message: '' }, 'usage is not shared with this organization'],
    [{ error: 'invoices_not_shared', message: '' }, 'invoices are not shared with this organization'],
    [{ error: 'subscription_not_shared', message: '' }, 'the subscription is not shared with this organization'],
    [{ error: 'forbidden', message: 'token belongs to another organization' }, 'this token belongs to another organization'],
  ])('says what a 403 means (%j)', async (body, message) => {
    server = await startFakeServer((_r, res) => json(res, 403, body));
    const e = await failure(pipeline(server.url).request(planCost));
    expect(e.message).toBe(message);
  });

  it('names the path of a schema violation', async () => {
    server = await startFakeServer((_r, res) =>
      json(res, 200, { ...PLAN, lines: [{ service: 'control', type: 'management', is_per_user: false, unit_price_cents: 10, quantity: 'one', line_total_cents: 10 }] }),
    );
    const e = await failure(pipeline(server.url).request(planCost));
    expect(e).toBeInstanceOf(ResponseSchemaError);
    expect((e as ResponseSchemaError).path).toBe('lines[0].quantity');
    expect(e.message).toContain('field lines[0].quantity');
  });

  it('reports a body that is not JSON as a schema error at $', async () => {
    server = await startFakeServer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>oops</html>');
    });
    const e = await failure(pipeline(server.url).request(planCost));
    expect(e).toBeInstanceOf(ResponseSchemaError);
    expect((e as ResponseSchemaError).path).toBe('$');
  });

  it('never puts the token in a message, hint, inspection or debug line', async () => {
    const lines: string[] = [];
    server = await startFakeServer((r, res, n) => {
      // A hostile or careless server echoes the Authorization header back.
      const echo = `you sent ${r.headers.authorization}`;
      if (n === 0) json(res, 500, { error: 'x', message: echo });
      else json(res, [400, 403, 418][(n - 1) % 3]!, { error: 'x', message: echo });
    });
    const p = pipeline(server.url, { maxRetries: 1, logger: (l) => lines.push(l) });
    const errors: ApiError[] = [];
    for (let i = 0; i < 3; i++) errors.push(await failure(p.request(planCost)));
    expect(errors.map((e) => e.constructor.name)).toEqual(['BadRequestError', 'PermissionDeniedError', 'ApiError']);
    for (const e of errors) {
      expect(`${e.message} ${e.hint ?? ''} ${inspect(e, { depth: 5 })}`).not.toContain(TOKEN);
    }
    expect(errors[0]!.message).toContain('Bearer ***');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(inspect(p, { depth: 5, showHidden: true })).not.toContain(TOKEN);
    expect(JSON.stringify(p)).not.toContain(TOKEN);
  });
});

describe('HttpPipeline timeouts and abort', () => {
  it('times out a hanging attempt, retries it, then throws TimeoutError', async () => {
    server = await startFakeServer(() => {
      /* never answers */
    });
    const e = await failure(pipeline(server.url, { maxRetries: 1 }).request({ ...planCost, timeoutMs: 100 }));
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.message).toContain('100 ms');
    expect(server.seen).toHaveLength(2);
  });

  it('stops at once when the caller aborts', async () => {
    const ctrl = new AbortController();
    // Abort once the request has arrived (a fixed timer could fire before a loaded machine connects).
    server = await startFakeServer(() => {
      setTimeout(() => ctrl.abort(), 50);
    });
    const t0 = Date.now();
    const e = await pipeline(server.url).request({ ...planCost, signal: ctrl.signal }).catch((x: unknown) => x);
    expect((e as Error).name).toBe('AbortError');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(server.seen).toHaveLength(1);
  });

  it('stops a retry wait when the caller aborts', async () => {
    const ctrl = new AbortController();
    // Abort 100 ms after the 503 went out: the pipeline is then waiting out Retry-After 30.
    server = await startFakeServer((_r, res) => {
      json(res, 503, {}, { 'retry-after': '30' });
      setTimeout(() => ctrl.abort(), 100);
    });
    const t0 = Date.now();
    const e = await pipeline(server.url).request({ ...planCost, signal: ctrl.signal }).catch((x: unknown) => x);
    expect((e as Error).name).toBe('AbortError');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(server.seen).toHaveLength(1);
  });
});

describe('HttpPipeline bodies', () => {
  it('returns bytes and streams', async () => {
    server = await startFakeServer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from('%PDF-1.7 hello'));
    });
    const p = pipeline(server.url);
    const bytes = await p.request({ path: '/x.pdf', what: 'pdf', responseType: 'bytes' });
    expect(Buffer.from(bytes).toString()).toBe('%PDF-1.7 hello');
    const stream = await p.request({ path: '/x.pdf', what: 'pdf', responseType: 'stream' });
    let text = '';
    for await (const c of stream) text += String(c);
    expect(text).toBe('%PDF-1.7 hello');
  });

  it('reads large bodies whole, with a content-length (one buffer) and chunked', async () => {
    // 3 MB of multi-byte text arrives in many chunks; a UTF-8 character may straddle two of them.
    const big = { note: 'æøå€'.repeat(200_000), n: 1 };
    const text = JSON.stringify(big);
    server = await startFakeServer((r, res) => {
      const bytes = Buffer.from(text);
      const headers: Record<string, string | number> = { 'content-type': 'application/json' };
      if (r.url.startsWith('/sized')) headers['content-length'] = bytes.length;
      res.writeHead(200, headers);
      for (let i = 0; i < bytes.length; i += 65_537) res.write(bytes.subarray(i, i + 65_537));
      res.end();
    });
    const p = pipeline(server.url);
    for (const path of ['/sized', '/chunked']) {
      expect(await p.request({ path, what: 'big' }), path).toEqual(big);
      expect((await p.requestJson({ path, what: 'big' })).raw, path).toBe(text);
      expect(Buffer.from(await p.request({ path, what: 'big', responseType: 'bytes' })).toString('utf8'), path).toBe(text);
    }
    expect(server.seen[0]!.url).toBe('/sized');
  });

  it('returns the raw JSON text beside the parsed record', async () => {
    server = await startFakeServer((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"currency":"DKK","seats":2,"lines":[],"missing":[],  "total_monthly_cents":0}');
    });
    const { data, raw } = await pipeline(server.url).requestJson(planCost);
    expect(data.seats).toBe(2);
    expect(raw).toContain('  "total_monthly_cents"');
  });

  it('posts JSON bodies', async () => {
    server = await startFakeServer((_r, res) => json(res, 200, { results: [] }));
    await pipeline(server.url).request({ method: 'POST', path: '/v1/search/service-search', what: 'search', body: { query: 'å' } });
    expect(server.seen[0]!.method).toBe('POST');
    expect(server.seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ query: 'å' });
  });
});
