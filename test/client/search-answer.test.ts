// The gateway spec lists a search result's `date` and says it is often empty, as engines rarely
// report one. An outside review found that a result without the field failed the whole search
// (ResponseSchemaError); an engine that reports no date may well leave it out. It now reads as ''.
// Every other field stays required, and a `date` that is not a string is still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, InvalidRequestError, ResponseSchemaError, isApiError } from '../../src/index.js';
import { json, startFakeServer, type FakeServer } from './_fake-server.js';
import { svcBin } from '../_harness/index.js';

const KEY = 'sk-search-answer-0123456789';
let answer: unknown;
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer((_req, res) => json(res, 200, answer));
});
afterAll(() => server.close());

const client = () => new GatewayClient({ gatewayUrl: server.url, apiKey: KEY, maxRetries: 0, env: {} });
const result = (n: number, extra: Record<string, unknown> = {}) => ({ title: `Title ${n}`, url: `https://example.org/${n}`, snippet: `Snippet ${n}`, ...extra });

describe('a search result without `date`', () => {
  it('reads as an empty date; the results around it are kept as sent', async () => {
    answer = { results: [result(1, { date: '2026-11-02' }), result(2), result(3, { date: '' })] };
    const r = await client().search({ query: 'moms' });
    expect(r.results.map((x) => [x.title, x.date])).toEqual([['Title 1', '2026-11-02'], ['Title 2', ''], ['Title 3', '']]);
  });

  it('svc search prints both', async () => {
    answer = { results: [result(1, { date: '2026-11-02' }), result(2)] };
    const r = await svcBin(['search', 'moms'], { SVC_GATEWAY_URL: server.url, SVC_API_KEY: KEY, SVC_CONFIG_DIR: '/nonexistent-svc-config' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Title 1');
    expect(r.stdout).toContain('Title 2');
  });

  it('a date that is not a string, or a result without its title, is still refused by name', async () => {
    answer = { results: [result(1, { date: 20261102 })] };
    const e1 = (await client().search({ query: 'moms' }).catch((x: unknown) => x)) as ResponseSchemaError;
    expect(e1).toBeInstanceOf(ResponseSchemaError);
    expect(e1.message).toContain('results[0].date');
    answer = { results: [{ url: 'https://example.org/1', snippet: 's', date: '' }] };
    const e2 = (await client().search({ query: 'moms' }).catch((x: unknown) => x)) as ResponseSchemaError;
    expect(e2).toBeInstanceOf(ResponseSchemaError);
    expect(e2.message).toContain('results[0].title');
  });
});

// An outside embedder review: a bad search request was a SchemaError (the record check's), where
// the README promises InvalidRequestError naming the field for bad input, before any request.
describe('a bad search request', () => {
  it.each([
    [{ query: '' }, 'query'],
    [{ query: 'moms', time_range: 'decade' }, 'time_range'],
    [{ query: 'moms', language: 'dansk' }, 'language'],
  ])('%j is an InvalidRequestError naming %s, and nothing is sent', async (request, field) => {
    const before = server.seen.length;
    const e = (await client().search(request as never).catch((x: unknown) => x)) as InvalidRequestError;
    expect(e).toBeInstanceOf(InvalidRequestError);
    expect(isApiError(e)).toBe(false);
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
    expect(server.seen.length).toBe(before);
  });
});
