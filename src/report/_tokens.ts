/** The token group as the non-overlapping buckets the spec defines (uncached input, cache write, cache read, output). */
export interface TokenGroupLike {
  prompt_tokens?: number | undefined;
  completion_tokens?: number | undefined;
  total_tokens: number;
  request_count: number;
  cache_read_input_tokens?: number | undefined;
  cache_creation_input_tokens?: number | undefined;
}

/** `[uncached input, cache write, cache read, output, total, requests]`; undefined where the record has no figure. */
export function tokenBuckets(g: TokenGroupLike): Array<number | undefined> {
  const out: Array<number | undefined> = new Array(TOKEN_COLUMNS.length);
  tokenBucketsInto(g, out, 0);
  return out;
}

/** `tokenBuckets(g)` written into `out` from `at` (a row being filled, no array of its own). */
export function tokenBucketsInto(g: TokenGroupLike, out: unknown[], at: number): void {
  const read = g.cache_read_input_tokens ?? 0;
  const write = g.cache_creation_input_tokens ?? 0;
  const noPrompt = g.prompt_tokens === undefined;
  out[at] = noPrompt ? undefined : g.prompt_tokens! - read - write;
  out[at + 1] = noPrompt ? undefined : write;
  out[at + 2] = noPrompt ? undefined : read;
  out[at + 3] = g.completion_tokens;
  out[at + 4] = g.total_tokens;
  out[at + 5] = g.request_count;
}

/** Column header keys (under `report.columns`) matching `tokenBuckets`. */
export const TOKEN_COLUMNS = ['uncachedInput', 'cacheWrite', 'cacheRead', 'output', 'totalTokens', 'requests'] as const;

/** Adds `values` into `sums` position by position (undefined counts as nothing). */
export function addInto(sums: number[], values: Array<number | undefined>, offset = 0): void {
  values.forEach((v, i) => {
    if (v !== undefined) sums[offset + i] = (sums[offset + i] ?? 0) + v;
  });
}
