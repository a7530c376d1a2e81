// The month-end's source hash of cost data (issue 14 fault 10): by content, not by how the keys are held.
import { describe, expect, test } from 'vitest';
import { KeyStore, keyRowOf } from '../../src/report/key-store.js';
import type { CostReportData, KeySource } from '../../src/report/index.js';
import type { KeyUsageEntry } from '../../src/model/index.js';
import { sha256OfCostData } from '../../src/runner/manifest/hash.js';
import { fixtureData, keyUsage } from '../report/_fixtures.js';

/** Rows read from the records each time, as an embedder's own KeySource would give them. */
const plain = (keys: readonly KeyUsageEntry[]): KeySource => ({ length: keys.length, rows: () => keys.map(keyRowOf) });

function withKeys(data: CostReportData, keys: KeySource): CostReportData {
  const keyUsage = { ...data.keyUsage!, keys };
  return { ...data, keyUsage, keyUsageByMonth: [{ month: '2026-10', keyUsage }] };
}

describe('sha256OfCostData', () => {
  const data = fixtureData({ month: '2026-10' });
  const records = keyUsage('2026-10').keys;

  test('is the same whether the keys are in a KeyStore or read from the records', () => {
    expect(sha256OfCostData(withKeys(data, KeyStore.of(records)))).toBe(sha256OfCostData(withKeys(data, plain(records))));
  });

  test('does not depend on how the store chunked its rows (many keys across several buffers)', () => {
    // Buffers are filled by bytes, not by keys: 2,500 keys of long names take three (2.2 MB), as
    // 12,000 of short names did (2.5 MB), at about a third of the CPU.
    const many = Array.from({ length: 2_500 }, (_, i) => ({ ...records[i % records.length]!, id: `k${i}`, name: `${'ø'.repeat(400)} ${i}` }));
    const store = KeyStore.of(many);
    expect(store.bytes).toBeGreaterThan(1 << 20);
    expect(sha256OfCostData(withKeys(data, store))).toBe(sha256OfCostData(withKeys(data, plain(many))));
  });

  test('changes when a key\'s figures, a month or the plan cost change', () => {
    const base = sha256OfCostData(withKeys(data, plain(records)));
    const bumped = records.map((k, i) => (i === 1 ? { ...k, request_count: k.request_count + 1 } : k));
    expect(sha256OfCostData(withKeys(data, plain(bumped)))).not.toBe(base);
    const renamed = records.map((k, i) => (i === 0 ? { ...k, name: `${k.name}x` } : k));
    expect(sha256OfCostData(withKeys(data, plain(renamed)))).not.toBe(base);
    const noPlan = { ...withKeys(data, plain(records)), planCost: null };
    expect(sha256OfCostData(noPlan)).not.toBe(base);
  });

  test('a one-month period\'s key list is hashed once, and a month\'s own weights count', () => {
    const year = fixtureData({ year: 2026 });
    const other = { ...year, keyUsageByMonth: year.keyUsageByMonth.map((m, i) => (i === 0 ? { ...m, keyUsage: { ...m.keyUsage, keys: plain(keyUsage('2026-09').keys) } } : m)) };
    expect(sha256OfCostData(other)).not.toBe(sha256OfCostData(year));
  });
});
