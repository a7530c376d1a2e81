// Issue 25 (3): the spec types token counts int64; a JS number holds them exactly only up to
// 2^53 − 1, and JSON.parse has already rounded one past it (9007199254740993 reads as …992). The
// reference server refuses such datasets at load (test/server/dataset-limits.test.ts); a service
// that sends one anyway gets a refusal naming the field, never a rounded figure. The answer is the
// reference server's own, with one token count raised past the limit in its text.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ReportingClient, ResponseSchemaError } from '../../src/index.js';
import { startFakeServer, type FakeServer } from './_fake-server.js';
import { tokenOf, useReferenceServer } from '../_harness/index.js';

const ORG = 'org-nordlys';
const reference = useReferenceServer();
let fake: FakeServer;
let body = '';

beforeAll(async () => {
  const res = await fetch(`${reference.url}/api/orgs/${ORG}/key-usage?month=2026-10`, { headers: { authorization: `Bearer ${tokenOf(ORG)}`, 'user-agent': 'svc-test' } });
  const text = await res.text();
  // The first key's total_tokens, as sent.
  body = text.replace(/("keys":\[\{[^[]*?"total_tokens":)\d+/, '$19007199254740993');
  expect(body).not.toBe(text);
  fake = await startFakeServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
});
afterAll(async () => {
  await fake.close();
});

describe('an int64 past 2^53 - 1 in an answer', () => {
  test('is refused naming the field, read whole or streamed', async () => {
    const c = new ReportingClient({ baseUrl: fake.url, token: 'tok-int64', orgId: ORG, maxRetries: 0, env: {} });
    for (const read of [() => c.getKeyUsage({ month: '2026-10' }), () => c.streamKeyUsage({ month: '2026-10' }, () => undefined)]) {
      const e = await read().then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(ResponseSchemaError);
      expect((e as Error).message).toMatch(/field keys\[0\]\.total_tokens: an int64 beyond 2\^53 − 1 \(9007199254740991\) cannot be read exactly here; refused rather than rounded/);
    }
  });
});
