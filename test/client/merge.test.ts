import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { mergeKeyUsage } from '../../src/client/merge-key-usage.js';
import { decimalsAsText } from '../../src/cli/report/_json.js';
import type { KeyFieldGroupUsage, KeyUsageEntry, OrgKeyUsage } from '../../src/model/index.js';

const tok = (n: number) => ({ prompt_tokens: n, completion_tokens: n, total_tokens: 2 * n, request_count: n });
const slice = tok;

function key(id: string, name: string, spend: string, n: number, team?: string): KeyUsageEntry {
  return {
    id, name, key_prefix: id, spend_usd: new Decimal(spend), ...tok(n),
    models: n ? [{ model: 'm1', spend_usd: new Decimal(spend), ...tok(n) }] : [],
    service: slice(0), external: slice(n), fields: team ? { team } : {},
  };
}

function group(value: string | null, spend: string, n: number, keyCount: number): KeyFieldGroupUsage {
  return {
    key_count: keyCount, spend_usd: new Decimal(spend), ...tok(n), cache_read_input_tokens: 0, cache_creation_input_tokens: 0,
    service: slice(0), external: slice(n), label: value, value,
  };
}

function part(start: string, end: string, keys: KeyUsageEntry[], groups: KeyFieldGroupUsage[]): OrgKeyUsage {
  const spend = keys.reduce((s, k) => s.plus(k.spend_usd), new Decimal(0));
  const n = keys.reduce((s, k) => s + k.request_count, 0);
  return {
    org_id: 'o', start_date: start, end_date: end,
    key_fields: [{ key: 'team', display_name: 'Team', type: 'text' }],
    keys,
    totals: {
      spend_usd: spend, ...tok(n), models: n ? [{ model: 'm1', spend_usd: spend, ...tok(n) }] : [],
      providers: [], service: slice(0), external: slice(n),
      by_field: [{ key: 'team', display_name: 'Team', type: 'text', groups }],
    },
  };
}

describe('mergeKeyUsage', () => {
  const early = part('2025-01-01', '2025-12-31', [key('a', 'Old name', '0.1', 1, 'ops'), key('d', '(deleted key)', '5', 5)], [
    group('ops', '0.1', 1, 1),
    group(null, '5', 5, 1),
  ]);
  const late = part('2026-01-01', '2026-06-30', [key('b', 'Beta', '0.3', 3, 'sales'), key('a', 'New name', '0.2', 2, 'ops')], [
    group('sales', '0.3', 3, 1),
    group('ops', '0.2', 2, 1),
  ]);
  const merged = mergeKeyUsage([early, late]);

  it('sums keys by id exactly, names from the latest range, highest spend first', () => {
    expect(merged.keys.map((k) => [k.id, k.name, k.spend_usd.toFixed(), k.request_count])).toEqual([
      ['d', '(deleted key)', '5', 5],
      ['b', 'Beta', '0.3', 3],
      ['a', 'New name', '0.3', 3],
    ]);
    expect(merged.totals.spend_usd.toFixed()).toBe('5.6');
    expect([merged.start_date, merged.end_date]).toEqual(['2025-01-01', '2026-06-30']);
    expect(merged.totals.external!.request_count + merged.totals.service!.request_count).toBe(merged.totals.request_count);
  });

  it('re-sorts text groups by merged spend, no-value group last, key_count of distinct keys', () => {
    const groups = merged.totals.by_field![0]!.groups;
    expect(groups.map((g) => [g.value, g.spend_usd.toFixed(), g.key_count])).toEqual([
      ['ops', '0.3', 1],
      ['sales', '0.3', 1],
      [null, '5', 1],
    ]);
  });

  it('is deterministic and leaves a single part alone', () => {
    expect(decimalsAsText(mergeKeyUsage([early, late]))).toEqual(decimalsAsText(merged));
    expect(mergeKeyUsage([late])).toBe(late);
  });

  it('drops a slice that one range did not send rather than under-count it', () => {
    const noSlices = { ...late, totals: { ...late.totals, service: undefined, external: undefined } };
    const m = mergeKeyUsage([early, noSlices]);
    expect(m.totals.service).toBeUndefined();
    expect(m.totals.external).toBeUndefined();
  });
});
