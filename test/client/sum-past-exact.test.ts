// A period asked in several ranges is merged by the client. Each answer's counts are within
// 2^53 − 1, but their sum is not: the service's data this client cannot hold exactly, named as a
// ResponseSchemaError (field and endpoint), never a plain RangeError from inside the merge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportingClient, ResponseSchemaError } from '../../src/index.js';
import { startRewritingProxy, type FakeServer } from './_fake-server.js';
import { tokenOf, useReferenceServer } from '../_harness/index.js';

const MAX = Number.MAX_SAFE_INTEGER; // 2^53 − 1

const reference = useReferenceServer();
let proxy: FakeServer;

beforeAll(async () => {
  // Every key-usage answer says its totals made MAX requests: one answer reads, two cannot be added.
  proxy = await startRewritingProxy(reference.url, (req, body, type) => {
    if (!type.includes('json') || !req.url.includes('/key-usage')) return body;
    const answer = JSON.parse(body.toString('utf8')) as { totals: { request_count: number } };
    answer.totals.request_count = MAX;
    return JSON.stringify(answer);
  });
});
afterAll(async () => {
  await proxy?.close();
});

const client = (maxRangeDays?: number) =>
  new ReportingClient({ baseUrl: proxy.url, orgId: 'org-nordlys', token: tokenOf('org-nordlys'), env: {}, maxRetries: 0, ...(maxRangeDays ? { maxRangeDays } : {}) });
const PERIOD = { start_date: '2026-09-01', end_date: '2026-10-31' };

describe('key usage merged over ranges past 2^53 − 1', () => {
  it('one answer with request_count 2^53 − 1 reads exactly (the test is not vacuous)', async () => {
    const u = await client().getKeyUsage(PERIOD);
    expect(u.totals.request_count).toBe(MAX);
  });

  it('two answers whose request_count sum passes it: a ResponseSchemaError naming the field and the endpoint', async () => {
    const err = await client(31).getKeyUsage(PERIOD).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseSchemaError);
    const e = err as ResponseSchemaError;
    expect(e.path).toBe('request_count');
    expect(e.message).toContain('/api/orgs/org-nordlys/key-usage');
    expect(e.message).toContain('past 2^53 - 1 when summed over the ranges');
  });

  it('the same when the keys are streamed', async () => {
    const err = await client(31).streamKeyUsage(PERIOD, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseSchemaError);
    expect((err as ResponseSchemaError).path).toBe('request_count');
  });
});
