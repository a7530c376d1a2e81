// Sums of usage rows in a flat Float64Array: [spend, prompt, completion, requests, cacheRead,
// cacheCreation] then the service-hosted share of the five token fields. All values are integers.
import type { UsageTable } from '../dataset/usage-table.js';
import { formatMicro } from '../_micro.js';

export const SUM_WIDTH = 11;
const SPEND = 0, PROMPT = 1, COMPLETION = 2, REQUESTS = 3, CACHE_READ = 4, CACHE_CREATION = 5, SERVICE = 6;

export function newSums(count = 1): Float64Array {
  return new Float64Array(count * SUM_WIDTH);
}

/** Adds row `r` of `t` into `sums` at slot `slot`; `hosted` says whether its model is service-hosted. */
export function addRow(sums: Float64Array, slot: number, t: UsageTable, r: number, hosted: boolean): void {
  const o = slot * SUM_WIDTH;
  sums[o + SPEND]! += t.spendMicro[r]!;
  sums[o + PROMPT]! += t.prompt[r]!;
  sums[o + COMPLETION]! += t.completion[r]!;
  sums[o + REQUESTS]! += t.requests[r]!;
  sums[o + CACHE_READ]! += t.cacheRead[r]!;
  sums[o + CACHE_CREATION]! += t.cacheCreation[r]!;
  if (hosted) {
    sums[o + SERVICE + 0]! += t.prompt[r]!;
    sums[o + SERVICE + 1]! += t.completion[r]!;
    sums[o + SERVICE + 2]! += t.requests[r]!;
    sums[o + SERVICE + 3]! += t.cacheRead[r]!;
    sums[o + SERVICE + 4]! += t.cacheCreation[r]!;
  }
}

/** Adds slot `from` of `src` into slot `to` of `dst`. */
export function addSums(dst: Float64Array, to: number, src: Float64Array, from: number): void {
  for (let i = 0; i < SUM_WIDTH; i++) dst[to * SUM_WIDTH + i]! += src[from * SUM_WIDTH + i]!;
}

export function spendOf(sums: Float64Array, slot = 0): number {
  return sums[slot * SUM_WIDTH + SPEND]!;
}

export function tokensOf(sums: Float64Array, slot = 0): number {
  return sums[slot * SUM_WIDTH + PROMPT]! + sums[slot * SUM_WIDTH + COMPLETION]!;
}

/** The spec's token group (total = prompt + completion) with spend, as JSON fields. */
export function tokenGroup(sums: Float64Array, slot = 0) {
  const o = slot * SUM_WIDTH;
  return {
    spend_usd: formatMicro(sums[o + SPEND]!),
    prompt_tokens: sums[o + PROMPT]!,
    completion_tokens: sums[o + COMPLETION]!,
    total_tokens: sums[o + PROMPT]! + sums[o + COMPLETION]!,
    request_count: sums[o + REQUESTS]!,
    cache_read_input_tokens: sums[o + CACHE_READ]!,
    cache_creation_input_tokens: sums[o + CACHE_CREATION]!,
  };
}

/** The service (hosted) and external UsageSlices; usage without a model counts as external. */
export function slices(sums: Float64Array, slot = 0) {
  const o = slot * SUM_WIDTH;
  const slice = (p: number, c: number, r: number, cr: number, cc: number) => ({
    prompt_tokens: p, completion_tokens: c, total_tokens: p + c, request_count: r,
    cache_read_input_tokens: cr, cache_creation_input_tokens: cc,
  });
  const s = [0, 1, 2, 3, 4].map((i) => sums[o + SERVICE + i]!) as [number, number, number, number, number];
  return {
    service: slice(...s),
    external: slice(
      sums[o + PROMPT]! - s[0], sums[o + COMPLETION]! - s[1], sums[o + REQUESTS]! - s[2],
      sums[o + CACHE_READ]! - s[3], sums[o + CACHE_CREATION]! - s[4],
    ),
  };
}
