// Every figure the server answers (a key's, a month's, a day's, the organization's, a slice) is a
// sum over a subset of one organization's usage rows, and none is negative, so the organization's
// own totals bound them all: when those stay within 2^53 − 1 every sum is an exact JS integer,
// and a dataset past that is refused at load instead of answering a rounded or failed figure.

const NAMES = ['prompt_tokens', 'completion_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens', 'request_count', 'spend_micro_usd'];
const MAX = Number.MAX_SAFE_INTEGER;

/** Running totals of an organization's usage columns (table order: prompt, completion, cache read, cache creation, requests, spend). */
export class UsageTotals {
  private readonly sums = [0, 0, 0, 0, 0, 0];

  /** Adds row `r`; returns why the totals are no longer exact (naming the column), or undefined. */
  add(nums: readonly Float64Array[], r: number): string | undefined {
    for (let c = 0; c < 6; c++) {
      const s = this.sums[c]! + nums[c]![r]!;
      if (s > MAX) return overMessage(NAMES[c]!);
      this.sums[c] = s;
    }
    // total_tokens = prompt_tokens + completion_tokens is answered too.
    if (this.sums[0]! + this.sums[1]! > MAX) return overMessage('total_tokens (prompt_tokens + completion_tokens)');
    return undefined;
  }
}

function overMessage(column: string): string {
  return `the organization's total of ${column} passes 2^53 − 1 (${MAX}) at this row, so its sums could not be answered exactly`;
}
