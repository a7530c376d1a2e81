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
  const read = g.cache_read_input_tokens ?? 0;
  const write = g.cache_creation_input_tokens ?? 0;
  const uncached = g.prompt_tokens === undefined ? undefined : g.prompt_tokens - read - write;
  return [uncached, g.prompt_tokens === undefined ? undefined : write, g.prompt_tokens === undefined ? undefined : read, g.completion_tokens, g.total_tokens, g.request_count];
}

/** Column header keys (under `report.columns`) matching `tokenBuckets`. */
export const TOKEN_COLUMNS = ['uncachedInput', 'cacheWrite', 'cacheRead', 'output', 'totalTokens', 'requests'] as const;

/** Adds `values` into `sums` position by position (undefined counts as nothing). */
export function addInto(sums: number[], values: Array<number | undefined>, offset = 0): void {
  values.forEach((v, i) => {
    if (v !== undefined) sums[offset + i] = (sums[offset + i] ?? 0) + v;
  });
}
