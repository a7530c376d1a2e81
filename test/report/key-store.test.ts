// The compact key store and the streamed key-usage response: same rows, same workbook bytes.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ResponseSchemaError } from '../../src/client/errors/response-schema-error.js';
import { ReportingClient } from '../../src/client/reporting-client.js';
import type { KeyUsageEntry, OrgKeyUsage } from '../../src/model/index.js';
import { KeyUsageEntrySchema } from '../../src/model/key-usage.js';
import { parseRecord } from '../../src/model/parse/parse.js';
import { buildCostReport, usageFindings, type CostReportData, type KeySource } from '../../src/report/index.js';
import { KeyStore, KeyWeightStore, keyRowOf } from '../../src/report/key-store.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { fixtureData, keyUsage } from './_fixtures.js';
import { expectSame } from '../_expect-same.js';
import { reporting } from '../_harness/index.js';

/** Rows straight from the parsed records, each read anew (what a store must give back). */
function plain(keys: readonly KeyUsageEntry[]): KeySource {
  return { length: keys.length, rows: () => keys.map(keyRowOf) };
}

/** The same data with every key list read from the records instead of a KeyStore. */
function unpacked(data: CostReportData, records: Map<string, OrgKeyUsage>): CostReportData {
  // These fixtures share their usage (keyUsage is never null here).
  const whole = { ...data.keyUsage!, keys: plain(records.get('period')!.keys) };
  const byMonth = data.keyUsageByMonth.map((m) => ({ month: m.month, keyUsage: m.keyUsage === data.keyUsage ? whole : { ...m.keyUsage, keys: plain(records.get(m.month)!.keys) } }));
  return { ...data, keyUsage: whole, keyUsageByMonth: byMonth };
}

describe('KeyStore', () => {
  test('gives back every key row in order, any number of times, across packed chunks', () => {
    const base = keyUsage('2026-10');
    // Enough keys (long, non-ASCII and formula-like names) to fill several 1 MB chunks: chunks are
    // filled by bytes, so 2,500 keys of longer names (2.5 MB, three buffers) instead of 9,000 (2.7 MB, three).
    const many = Array.from({ length: 2500 }, (_, i) => ({ ...base.keys[i % base.keys.length]!, id: `k${i}`, name: `${'ø'.repeat(450)} =SUM(A1) "${i}"` }));
    const store = KeyStore.of(many);
    expect(store.length).toBe(2500);
    const expected = many.map(keyRowOf);
    for (let read = 0; read < 2; read++) {
      const rows = [...store.rows()];
      expectSame(rows, expected);
    }
    expect(store.bytes).toBeGreaterThan(2 * (1 << 20));
  });

  test('a key with none of the optional members, and one with all of them, come back as keyRowOf gives them', () => {
    const bare = { id: 'b', name: 'bare', key_prefix: 'sk-b', spend_usd: '0', prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, request_count: 0, models: [] };
    const slice = (t: number) => ({ prompt_tokens: t, completion_tokens: t, total_tokens: 2 * t, request_count: t });
    const full = {
      ...bare, id: 'f', name: 'fuld \u00f8 "x" \\', spend_usd: '-0.000001', prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, request_count: 4,
      cache_read_input_tokens: 5, cache_creation_input_tokens: 6, service: slice(7), external: slice(8),
      fields: { team: 'ops', pii: false }, product: 'connect', recipient_email: 'a@example.dk',
    };
    const keys = [bare, full, { ...bare, product: null, recipient_email: null }].map((k) => parseRecord(KeyUsageEntrySchema, k, 'key'));
    expect([...KeyStore.of(keys).rows()]).toEqual(keys.map(keyRowOf));
    expect([...KeyStore.of(keys).rows()][1]!.usd).toBe('-0.000001');
  });

  test('a workbook from packed keys is byte-identical to one from the records (one month and several)', async () => {
    for (const [period, whole] of [[{ month: '2026-10' }, '2026-10'], [{ year: 2026 }, '2026-11']] as const) {
      const data = fixtureData(period);
      const months = ['2026-08', '2026-09', '2026-10', '2026-11'];
      const records = new Map<string, OrgKeyUsage>(months.map((m) => [m, keyUsage(m)]));
      records.set('period', keyUsage(whole));
      const fromRecords = await buildCostReport(unpacked(data, records), { language: 'en' });
      const fromStore = await buildCostReport(data, { language: 'en' });
      expect(Buffer.from(fromStore).equals(Buffer.from(fromRecords))).toBe(true);
    }
  });

  test('more distinct key-field values than the store keeps for column widths: the same workbook as from the records', async () => {
    const data = fixtureData({ month: '2026-10' });
    const record = keyUsage('2026-10');
    // 10,050 distinct cost centres (the store keeps 10,000; the widest come last), teams by option
    // key ('dev' shows as 'Development', wider than any raw value), one wide-character name.
    const keys = Array.from({ length: 10_050 }, (_, i) => ({
      ...record.keys[i % record.keys.length]!,
      id: `k${i}`,
      name: i === 7 ? '東京オフィスの開発チームのキー' : `key ${i}`,
      fields: { team: i % 2 ? 'dev' : 'x', pii: i % 3 === 0, cc: i < 10_000 ? `CC-${i}` : `cost centre ${i} of the northern region` },
    }));
    const big = { ...record, keys };
    const store = KeyStore.of(keys);
    expect(store.stats.capped).toBe(true);
    const usage = { ...big, keys: store };
    const packed: CostReportData = { ...data, keyUsage: usage, keyUsageByMonth: [{ month: '2026-10', keyUsage: usage }] };
    const fromStore = await buildCostReport(packed, { language: 'en' });
    const records = new Map<string, OrgKeyUsage>([['2026-10', big], ['period', big]]);
    const fromRecords = await buildCostReport(unpacked(packed, records), { language: 'en' });
    expect(Buffer.from(fromStore).equals(Buffer.from(fromRecords))).toBe(true);
  });

  test('months whose keys are weights only (as fetched for several months) give the same workbook', async () => {
    const data = fixtureData({ year: 2026 });
    expect(data.keyUsageByMonth.length).toBeGreaterThan(1);
    const weighed: CostReportData = {
      ...data,
      keyUsageByMonth: data.keyUsageByMonth.map((m) => {
        const record = keyUsage(m.month);
        const weights = new KeyWeightStore();
        for (const key of record.keys) weights.add(key);
        expect([...weights.rows()]).toEqual(record.keys.map((k) => ({ id: k.id, usd: k.spend_usd.toFixed() })));
        return { month: m.month, keyUsage: { ...record, keys: weights } };
      }),
    };
    const fromRecords = await buildCostReport(data, { language: 'en' });
    expect(Buffer.from(await buildCostReport(weighed, { language: 'en' })).equals(Buffer.from(fromRecords))).toBe(true);
  });

  test('a repeated key id is found by a store of any size, first or past the ids it keeps track of, as in the records', () => {
    const base = keyUsage('2026-10');
    const key = (i: number) => ({ ...base.keys[i % base.keys.length]!, id: `k${i}` });
    // 10,000 ids are tracked as keys arrive; past that the findings read the rows.
    for (const [count, repeatAt] of [[3, 2], [12_000, 5], [12_000, 11_990], [12_000, -1]] as const) {
      const keys = Array.from({ length: count }, (_, i) => (i === repeatAt ? key(0) : key(i)));
      const record = { ...base, keys };
      const weights = new KeyWeightStore();
      for (const k of keys) weights.add(k);
      const dataOf = (held: KeySource | KeyWeightStore): CostReportData => {
        const data = fixtureData({ month: '2026-10' });
        const usage = { ...record, keys: held as KeySource };
        return { ...data, keyUsage: usage, keyUsageByMonth: [{ month: '2026-10', keyUsage: usage }] };
      };
      const expected = repeatAt < 0 ? [] : [{ code: 'key_repeated', path: `keys[${repeatAt}].id` }];
      for (const held of [KeyStore.of(keys), weights, plain(keys)]) {
        const found = usageFindings(dataOf(held)).filter((f) => f.code === 'key_repeated').map((f) => ({ code: f.code, path: f.path }));
        expect(found, `${count} keys, repeat at ${repeatAt}`).toEqual(expected);
      }
    }
  });
});

describe('ReportingClient.streamKeyUsage', () => {
  let server: ReferenceServer;
  let bad: Server;
  let badBody = '';
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0 });
    bad = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(badBody)).listen(0, '127.0.0.1');
    await once(bad, 'listening');
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => bad.close(resolve));
  });

  test('hands over the same keys, checked, and the same rest of the record as getKeyUsage', async () => {
    for (const org of ['org-nordlys', 'org-kattegat']) {
      const c = reporting(server, org);
      const whole = await c.getKeyUsage({ month: '2026-10' });
      const keys: KeyUsageEntry[] = [];
      const head = await c.streamKeyUsage({ month: '2026-10' }, (k) => keys.push(k));
      expect(keys.length).toBeGreaterThan(5);
      expectSame(keys, whole.keys);
      expect(head).toEqual({ ...whole, keys: [] });
    }
  });

  const badClient = () => new ReportingClient({ baseUrl: `http://127.0.0.1:${(bad.address() as { port: number }).port}`, orgId: 'org-x', token: 'rt_test', env: {}, maxRetries: 0 });
  const head = '"org_id":"org-x","start_date":"2026-10-01","end_date":"2026-10-31"';
  const totals = '"totals":{"spend_usd":"0","prompt_tokens":0,"completion_tokens":0,"total_tokens":0,"request_count":0,"models":[]}';
  const okKey = '{"id":"k1","name":"a","key_prefix":"sk-1","spend_usd":"1.5","prompt_tokens":1,"completion_tokens":1,"total_tokens":2,"request_count":1,"models":[]}';

  test('names the first bad key field, and bad JSON, as a ResponseSchemaError', async () => {
    badBody = `{${head},"keys":[${okKey},${okKey.replace('"1.5"', '"lots"')}],${totals}}`;
    const err = await badClient().streamKeyUsage({ month: '2026-10' }, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseSchemaError);
    expect((err as ResponseSchemaError).path).toBe('keys[1].spend_usd');
    badBody = `{${head},"keys":[${okKey},{"id":`;
    const cut = await badClient().streamKeyUsage({ month: '2026-10' }, () => {}).catch((e: unknown) => e);
    expect(cut).toBeInstanceOf(ResponseSchemaError);
    expect((cut as Error).message).toMatch(/not valid JSON/);
    badBody = `{${head},${totals}}`;
    const none = await badClient().streamKeyUsage({ month: '2026-10' }, () => {}).catch((e: unknown) => e);
    expect((none as ResponseSchemaError).path).toBe('keys');
  });

  test('an empty key list is fine', async () => {
    badBody = `{${head},"keys":[],${totals}}`;
    let n = 0;
    const got = await badClient().streamKeyUsage({ month: '2026-10' }, () => n++);
    expect(n).toBe(0);
    expect(got.org_id).toBe('org-x');
  });
});
