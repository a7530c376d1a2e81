// An outside review: svc masked the key only where it came back exactly as sent. A service that
// echoed it without its `sk-` prefix, upper-cased, or a profile's key of another shape in part,
// had it printed: in a 400's message on stderr, in a search result's title on stdout (exit 0),
// in `auth login`'s refusal. Any run of FRAGMENT_LENGTH characters of the key, in any case, is now
// the key (core/secret-fragments.ts): masked in messages, refused in a 200 answer. The CLI
// in-process against a stand-in gateway on node:http.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, startFakeServer, type FakeServer } from '../client/_fake-server.js';
import { svcInProcess } from '../_harness/index.js';

const KEY = 'sk-test-SECRETKEY1234567890abcd';
/** A key of no known shape, as a profile may hold one. */
const PLAIN = 'plainsecret9f8e7d6c5b4a';
const RESULT = { title: 'Momsloven', url: 'https://www.retsinformation.dk/eli/lta/2023/1021', snippet: 'Lov om merværdiafgift', date: '' };
const KEY_INFO = {
  key: 'k-1',
  info: {
    key_alias: 'Bookkeeping', key_name: 'sk-...abcd', org_id: 'org-test', spend: '1.50', max_budget: null, budget_duration: null,
    budget_reset_at: null, blocked: false, models: ['gpt-4.1'], usage_shared: true, credits: null, dev_plan: null,
  },
};

const answers = new Map<string, (res: Parameters<Parameters<typeof startFakeServer>[0]>[1]) => void>();
let gateway: FakeServer;
let cfg: string;
beforeAll(async () => {
  gateway = await startFakeServer((req, res) => {
    const answer = answers.get(req.url.split('?')[0]!);
    if (answer) answer(res);
    else json(res, 404, { error: 'not_found' });
  });
  cfg = await mkdtemp(join(tmpdir(), 'svc-fragments-'));
});
afterAll(async () => {
  await gateway.close();
  await rm(cfg, { recursive: true, force: true });
});

/** Neither stream holds `piece` in any case. */
function expectAbsent(r: { stdout: string; stderr: string }, piece: string): void {
  expect((r.stdout + r.stderr).toLowerCase()).not.toContain(piece.toLowerCase());
}

describe('a key the service echoes changed', () => {
  const env = () => ({ SVC_API_KEY: KEY, SVC_GATEWAY_URL: gateway.url });

  it('without its prefix in a 400 body: masked in the message, exit 1', async () => {
    answers.set('/v1/search/service-search', (res) => json(res, 400, { error: 'x', message: `key ends ${KEY.slice(4)}` }));
    const r = await svcInProcess(['search', 'hello'], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('svc: search failed with HTTP 400: the service refused the request: key ends ***');
    expectAbsent(r, KEY.slice(4));
    expectAbsent(r, KEY.slice(-12));
  });

  it('upper-cased: masked the same', async () => {
    answers.set('/v1/search/service-search', (res) => json(res, 400, { error: 'x', message: `key ends ${KEY.slice(4)}`.toUpperCase() }));
    const r = await svcInProcess(['search', 'hello'], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('KEY ENDS ***');
    expectAbsent(r, KEY.slice(4));
  });

  it('as a 200 search result\'s title, without `sk-`: the answer is refused, nothing on stdout, exit 1', async () => {
    answers.set('/v1/search/service-search', (res) => json(res, 200, { results: [{ ...RESULT, title: KEY.slice(3) }] }));
    const r = await svcInProcess(['search', 'hello'], env());
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('contained the API key');
    expectAbsent(r, KEY.slice(3));
    // Upper-cased, and JSON-escaped (the parsed answer is checked too).
    answers.set('/v1/search/service-search', (res) => json(res, 200, { results: [{ ...RESULT, title: KEY.slice(3).toUpperCase() }] }));
    const upper = await svcInProcess(['search', '--json', 'hello'], env());
    expect(upper.code).toBe(1);
    expectAbsent(upper, KEY.slice(3));
    answers.set('/v1/search/service-search', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ ...RESULT, title: KEY.slice(3) }] }).replace('SECRET', '\\u0053ECRET')));
    const escaped = await svcInProcess(['search', 'hello'], env());
    expect(escaped.code).toBe(1);
    expectAbsent(escaped, KEY.slice(12));
  });

  it('an ordinary answer sharing a few characters with the key is printed', async () => {
    answers.set('/v1/search/service-search', (res) => json(res, 200, { results: [{ ...RESULT, title: `test-SECRET ${KEY.slice(-8)}` }] }));
    const r = await svcInProcess(['search', 'hello'], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`test-SECRET ${KEY.slice(-8)}`);
  });

  it('auth login: a refusal echoing part of the key is masked, nothing saved', async () => {
    for (const status of [400, 401, 403]) {
      answers.set('/key/info', (res) => json(res, status, { error: 'x', message: `no such key: ${KEY.slice(5).toUpperCase()}` }));
      const r = await svcInProcess(['auth', 'login', '--with-token'], { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: join(cfg, 'login') }, { stdin: `${KEY}\n` });
      expect(r.code).toBe(1);
      expectAbsent(r, KEY.slice(5));
      expectAbsent(r, KEY.slice(-12));
    }
  });

  it('a profile\'s key of no known shape, echoed in part: masked in a 400, refused in a 200', async () => {
    answers.set('/key/info', (res) => json(res, 200, KEY_INFO));
    const saved = join(cfg, 'plain');
    const login = await svcInProcess(['auth', 'login', '--with-token'], { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: saved }, { stdin: `${PLAIN}\n` });
    expect(login.code).toBe(0);
    answers.set('/v1/search/service-search', (res) => json(res, 400, { error: 'x', message: `key ends ${PLAIN.slice(5)}` }));
    const r = await svcInProcess(['search', 'hello'], { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: saved });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('key ends ***');
    expectAbsent(r, PLAIN.slice(5));
    answers.set('/v1/search/service-search', (res) => json(res, 200, { results: [{ ...RESULT, snippet: `…${PLAIN.slice(2, 16)}…` }] }));
    const ok = await svcInProcess(['search', 'hello'], { SVC_GATEWAY_URL: gateway.url, SVC_CONFIG_DIR: saved });
    expect(ok.code).toBe(1);
    expect(ok.stdout).toBe('');
    expectAbsent(ok, PLAIN.slice(2, 16));
  });
});

// The reporting token of an organization whose token holds its own id (`rt_org-fjordline_…`): the
// id is public (SecretFragments' `public`), so svc's own messages name it; the token's own part
// is still masked. Before, "of ***" stood where the organization was named.
describe('an organization named in its own token', () => {
  const ORG = 'org-fjordline';
  const TOKEN = `rt_${ORG}_5f0c9a2e7b13d468`;
  const env = (extra: Record<string, string> = {}) => ({ SVC_BASE_URL: gateway.url, SVC_REPORTING_TOKEN: TOKEN, ...extra });
  const list = () => answers.set(`/api/orgs/${ORG}/invoices`, (res) => json(res, 200, []));

  it('is named in a message, from SVC_ORG_ID or --org', async () => {
    list();
    for (const r of [
      await svcInProcess(['invoices', 'get', '2026-0001'], env({ SVC_ORG_ID: ORG })),
      await svcInProcess(['invoices', 'get', '2026-0001', '--org', ORG], env()),
    ]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`"2026-0001" of ${ORG} was not found`);
      expectAbsent(r, '5f0c9a2e7b13');
    }
  });

  it('a piece of the token beside it is still masked', async () => {
    answers.set(`/api/orgs/${ORG}/invoices`, (res) => json(res, 400, { error: 'x', message: `bad token ${TOKEN.slice(-16).toUpperCase()} for ${ORG}` }));
    const r = await svcInProcess(['invoices', 'list'], env({ SVC_ORG_ID: ORG }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`bad token *** for ${ORG}`);
    expectAbsent(r, '5f0c9a2e7b13');
  });
});
