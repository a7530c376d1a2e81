import { Decimal } from '../money/exact/index.js';
import type { UsageSlice } from '../model/index.js';
import { SumPastExactError } from './_sum-past-exact-error.js';

/** The token group every usage record carries. */
export interface Tokens {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  request_count: number;
  cache_read_input_tokens?: number | undefined;
  cache_creation_input_tokens?: number | undefined;
}

/** `a + b`, or SumPastExactError naming `field` when the sum is past exact integers. */
export function addExact(a: number, b: number, field: string): number {
  const n = a + b;
  if (!Number.isSafeInteger(n)) throw new SumPastExactError(field);
  return n;
}

/** Sums the token groups of `items`; a cache field is kept when any item has it (missing counts as 0). */
export function sumTokens(items: readonly Tokens[]): Tokens {
  const out: Tokens = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, request_count: 0 };
  for (const t of items) {
    out.prompt_tokens = addExact(out.prompt_tokens, t.prompt_tokens, 'prompt_tokens');
    out.completion_tokens = addExact(out.completion_tokens, t.completion_tokens, 'completion_tokens');
    out.total_tokens = addExact(out.total_tokens, t.total_tokens, 'total_tokens');
    out.request_count = addExact(out.request_count, t.request_count, 'request_count');
    if (t.cache_read_input_tokens !== undefined) {
      out.cache_read_input_tokens = addExact(out.cache_read_input_tokens ?? 0, t.cache_read_input_tokens, 'cache_read_input_tokens');
    }
    if (t.cache_creation_input_tokens !== undefined) {
      out.cache_creation_input_tokens = addExact(
        out.cache_creation_input_tokens ?? 0,
        t.cache_creation_input_tokens,
        'cache_creation_input_tokens',
      );
    }
  }
  return out;
}

export function sumSpend(items: readonly { spend_usd: Decimal }[]): Decimal {
  return items.reduce((s, i) => s.plus(i.spend_usd), new Decimal(0));
}

/** Sums slices when every part has one (otherwise the sum would be short, so none is given). */
export function sumSlices(slices: ReadonlyArray<UsageSlice | undefined>): UsageSlice | undefined {
  if (slices.length === 0 || slices.some((s) => s === undefined)) return undefined;
  return sumTokens(slices as UsageSlice[]);
}

/** Highest spend first, then most tokens, then by the given names (the reference order of the spec's lists). */
export function bySpend<T extends { spend_usd: Decimal; total_tokens: number }>(...names: Array<(t: T) => string>) {
  return (a: T, b: T): number => {
    const d = b.spend_usd.comparedTo(a.spend_usd) || b.total_tokens - a.total_tokens;
    if (d) return d;
    for (const name of names) {
      const c = name(a).localeCompare(name(b));
      if (c) return c;
    }
    return 0;
  };
}

/** Groups `items` by `key`, keeping first-seen order. */
export function groupBy<T>(items: Iterable<T>, key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const i of items) {
    const k = key(i);
    const list = m.get(k);
    if (list) list.push(i);
    else m.set(k, [i]);
  }
  return m;
}
