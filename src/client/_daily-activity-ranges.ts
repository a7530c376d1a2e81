import type { DailyActivityResponse } from '../model/index.js';
import { splitRange } from './limits/period.js';
import { addExact } from './_sum.js';

/** One request of the daily-activity endpoint, for a range it may answer in one go. */
export type ReadDailyActivity = (range: { start_date: string; end_date: string }) => Promise<DailyActivityResponse>;

/**
 * The key's daily activity over a range longer than one request may cover (the endpoint's 366
 * days, as key-usage's rule 4): successive ranges of at most `maxRangeDays` (`splitRange`, the
 * one splitter key usage uses too), oldest first, joined into one answer whose days follow each
 * other and whose metadata is the sum of the parts (exact: spend as Decimal; a count past 2^53 − 1
 * is SumPastExactError).
 */
export async function readDailyActivityRanges(start: string, end: string, maxRangeDays: number, read: ReadDailyActivity): Promise<DailyActivityResponse> {
  let joined: DailyActivityResponse | undefined;
  for (const range of splitRange(start, end, maxRangeDays)) {
    const part = await read(range);
    if (!joined) {
      joined = part;
      continue;
    }
    joined.results.push(...part.results);
    const a = joined.metadata;
    const b = part.metadata;
    joined.metadata = {
      total_spend: a.total_spend.plus(b.total_spend),
      total_prompt_tokens: addExact(a.total_prompt_tokens, b.total_prompt_tokens, 'metadata.total_prompt_tokens'),
      total_completion_tokens: addExact(a.total_completion_tokens, b.total_completion_tokens, 'metadata.total_completion_tokens'),
      total_cache_read_input_tokens: addExact(a.total_cache_read_input_tokens, b.total_cache_read_input_tokens, 'metadata.total_cache_read_input_tokens'),
      total_cache_creation_input_tokens: addExact(a.total_cache_creation_input_tokens, b.total_cache_creation_input_tokens, 'metadata.total_cache_creation_input_tokens'),
      total_tokens: addExact(a.total_tokens, b.total_tokens, 'metadata.total_tokens'),
      total_api_requests: addExact(a.total_api_requests, b.total_api_requests, 'metadata.total_api_requests'),
    };
  }
  return joined!;
}
