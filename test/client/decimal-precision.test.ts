// Money keeps every digit (issue 18 item 6): legal amounts with 15 integer digits and 6 decimals, summed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mergeKeyUsage } from '../../src/client/merge-key-usage.js';
import { OrgKeyUsageSchema } from '../../src/model/key-usage.js';
import { parseRecord } from '../../src/model/parse/parse.js';

const tokens = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2, request_count: 1 };

function part(start: string, end: string, spends: Record<string, string>) {
  const keys = Object.entries(spends).map(([id, spend]) => ({ id, name: id, key_prefix: `sk-${id}`, spend_usd: spend, ...tokens, models: [{ model: 'm', spend_usd: spend, ...tokens }] }));
  // The record's total is the exact sum, written by hand below.
  return { org_id: 'org-x', start_date: start, end_date: end, keys, totals: { spend_usd: '0', ...tokens, models: [] } };
}

describe('sums of large amounts keep every digit', () => {
  test('merging two ranges sums a key\'s spend exactly (21 significant digits, by hand)', () => {
    const a = parseRecord(OrgKeyUsageSchema, part('2025-01-01', '2025-12-31', { k1: '123456789012345.123456', k2: '0.000001' }), 'a');
    const b = parseRecord(OrgKeyUsageSchema, part('2026-01-01', '2026-06-30', { k1: '876543210987654.000001', k2: '999999999999999.999999' }), 'b');
    const merged = mergeKeyUsage([a, b]);
    const byId = new Map(merged.keys.map((k) => [k.id, k]));
    // 123456789012345.123456 + 876543210987654.000001 = 999999999999999.123457
    expect(byId.get('k1')!.spend_usd.toFixed()).toBe('999999999999999.123457');
    // 0.000001 + 999999999999999.999999 = 1000000000000000.000000
    expect(byId.get('k2')!.spend_usd.toFixed(6)).toBe('1000000000000000.000000');
    expect(byId.get('k1')!.models[0]!.spend_usd.toFixed()).toBe('999999999999999.123457');
    expect(merged.keys.map((k) => k.id)).toEqual(['k2', 'k1']);
  });

  test('a long sum of such amounts is exact and never written with an exponent', () => {
    const amounts = Array.from({ length: 1000 }, (_, i) => `${987654321098765 - i}.${String(123457 + i).padStart(6, '0')}`);
    const parts = amounts.map((s, i) => parseRecord(OrgKeyUsageSchema, part(`2020-01-${String((i % 28) + 1).padStart(2, '0')}`, '2020-01-28', { k: s }), 'p'));
    const merged = mergeKeyUsage(parts);
    // By hand: sum of integer parts 1000*987654321098765 - (0+…+999) = 987654321098765000 - 499500;
    // sum of the micro parts 1000*123457 + 499500 = 123956500 micro = 123.956500.
    expect(merged.keys[0]!.spend_usd.toString()).toBe('987654321098265623.9565');
  });

  test('no module of the package builds its own decimal.js Decimal: one configured Decimal for money', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts') && /from 'decimal\.js'/.test(readFileSync(p, 'utf8')) && !p.endsWith(join('money', 'exact', 'decimal.ts'))) offenders.push(p);
      }
    };
    walk(join(import.meta.dirname, '../../src'));
    expect(offenders).toEqual([]);
  });
});
