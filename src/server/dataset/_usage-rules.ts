// The spec's rules for one usage row (reporting-api.md §2 Conventions), checked as each row is
// loaded from usage.csv or usage.bin, so a dataset that breaks one is refused at load, naming the
// file, the line or row and the column, instead of being answered as if the spec allowed it.

/** What the rules need of a dataset model. */
export interface UsageModel {
  id: string;
  service_hosted: boolean;
}

const PROMPT = 0, CACHE_READ = 2, CACHE_CREATION = 3, SPEND = 5;

/**
 * Why row `r` breaks a rule, naming the column; undefined when it keeps them all:
 * - `cache_read_input_tokens` and `cache_creation_input_tokens` are subsets of `prompt_tokens`,
 *   and disjoint buckets of it ("uncached input = prompt_tokens − cache_read − cache_creation"),
 *   so together they are at most `prompt_tokens`;
 * - a model the service hosts (`service_hosted: true`) is "covered by the subscription: spend 0".
 * `nums` are the table's columns (prompt, completion, cache read, cache creation, requests, spend);
 * `model` the row's index into the dataset's models (-1: recorded without a model, external).
 */
export function usageRowProblem(nums: readonly Float64Array[], r: number, model: number, models: readonly UsageModel[]): string | undefined {
  const prompt = nums[PROMPT]![r]!, read = nums[CACHE_READ]![r]!, created = nums[CACHE_CREATION]![r]!;
  if (read > prompt) return `cache_read_input_tokens ${read} is more than prompt_tokens ${prompt}: cache reads are a subset of prompt_tokens (spec §2)`;
  if (created > prompt) return `cache_creation_input_tokens ${created} is more than prompt_tokens ${prompt}: cache writes are a subset of prompt_tokens (spec §2)`;
  if (read + created > prompt) {
    return `cache_read_input_tokens ${read} + cache_creation_input_tokens ${created} is more than prompt_tokens ${prompt}: the uncached input, prompt_tokens less both, cannot be negative (spec §2)`;
  }
  const spend = nums[SPEND]![r]!;
  if (spend !== 0 && model >= 0 && models[model]!.service_hosted) {
    return `spend_micro_usd ${spend} on model "${models[model]!.id}", which the service hosts (service_hosted: true): hosted models are covered by the subscription, spend 0 (spec §2)`;
  }
  return undefined;
}
