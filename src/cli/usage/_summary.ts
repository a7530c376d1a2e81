import { Decimal, sameUpToFloatNoise } from '../../money/index.js';
import type { ActivityMetrics, DailyActivityResponse } from '../../model/index.js';

/** The label of usage the service recorded without a model (spec: per-model figures may sum to less than the key's). */
export const NO_MODEL = '(no model)';

/**
 * One row of usage over a period: a model, the usage recorded without one, a saved key, or a
 * TOTAL. Tokens in the spec's non-overlapping buckets (reporting-api.md §2 Conventions); cost exact.
 */
export interface UsageRow {
  /** What the row is: the model's name, `(no model)`, a profile name or `TOTAL`. */
  label: string;
  /** The model as named in the requests; null for usage without a model and for totals. */
  model: string | null;
  requests: number;
  /** The whole input, cache reads and writes included (`prompt_tokens`). */
  prompt: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  spend: Decimal;
}

function empty(label: string, model: string | null): UsageRow {
  return { label, model, requests: 0, prompt: 0, output: 0, cacheRead: 0, cacheWrite: 0, spend: new Decimal(0) };
}

type Figures = Omit<UsageRow, 'label' | 'model'>;

/** Adds `r`'s figures into `row`. */
function addInto(row: UsageRow, r: Figures): void {
  row.requests += r.requests;
  row.prompt += r.prompt;
  row.output += r.output;
  row.cacheRead += r.cacheRead;
  row.cacheWrite += r.cacheWrite;
  row.spend = row.spend.plus(r.spend);
}

/** A day's (or a model's) metrics as a row's figures. */
function figuresOf(m: ActivityMetrics): Figures {
  return { requests: m.api_requests, prompt: m.prompt_tokens, output: m.completion_tokens, cacheRead: m.cache_read_input_tokens, cacheWrite: m.cache_creation_input_tokens, spend: m.spend };
}

/** Input not read from the cache (cache writes included): INPUT + CACHE READ = the prompt tokens. */
export function inputNotFromCache(r: UsageRow): number {
  return r.prompt - r.cacheRead;
}

/**
 * Adds the days of a daily-activity response up per model, most expensive first (then by
 * name). The TOTAL is the key's own figures (each day's), not the sum of the model rows: usage
 * recorded without a model is the difference, a row of its own labelled `(no model)`, so the
 * rows always add up to the TOTAL. The client has refused an answer where a day's models add up
 * to more than the day (a negative difference); what is left is a spend a few units in the 17th
 * digit below zero, LiteLLM's float sums (money/float-noise.ts), which counts as none.
 * @throws Error naming the field if a difference is still negative (an answer not checked by the client).
 */
export function summarizeActivity(activity: DailyActivityResponse): { rows: UsageRow[]; total: UsageRow } {
  const byModel = new Map<string, UsageRow>();
  const total = empty('TOTAL', null);
  for (const day of activity.results) {
    addInto(total, figuresOf(day.metrics));
    for (const [model, { metrics }] of Object.entries(day.breakdown.models)) {
      const row = byModel.get(model) ?? empty(model, model);
      addInto(row, figuresOf(metrics));
      byModel.set(model, row);
    }
  }
  const rows = [...byModel.values()].sort((a, b) => b.spend.comparedTo(a.spend) || (a.label < b.label ? -1 : 1));
  const modelled = addRows(rows, NO_MODEL);
  const rest: UsageRow = {
    ...modelled,
    model: null,
    requests: total.requests - modelled.requests,
    prompt: total.prompt - modelled.prompt,
    output: total.output - modelled.output,
    cacheRead: total.cacheRead - modelled.cacheRead,
    cacheWrite: total.cacheWrite - modelled.cacheWrite,
    spend: total.spend.minus(modelled.spend),
  };
  for (const f of ['requests', 'prompt', 'output', 'cacheRead', 'cacheWrite'] as const) {
    if (rest[f] < 0) throw new Error(`usage without a model would be negative (${f} ${rest[f]}): the models add up to more than the days`);
  }
  if (rest.spend.isNegative()) {
    if (!sameUpToFloatNoise(total.spend, modelled.spend)) throw new Error(`usage without a model would be negative (spend ${rest.spend.toFixed()}): the models add up to more than the days`);
    rest.spend = new Decimal(0);
  }
  const hasRest = rest.requests || rest.prompt || rest.output || rest.cacheRead || rest.cacheWrite || !rest.spend.isZero();
  return { rows: hasRest ? [...rows, rest] : rows, total };
}

/** The sum of `rows`, labelled `label`. */
export function addRows(rows: UsageRow[], label: string): UsageRow {
  const total = empty(label, null);
  for (const r of rows) addInto(total, r);
  return total;
}

/** A row as `--json` prints it: every token bucket apart, the exact cost. */
export function usageRowJson(r: UsageRow): Record<string, unknown> {
  return {
    label: r.label,
    model: r.model,
    requests: r.requests,
    prompt_tokens: r.prompt,
    uncached_input_tokens: r.prompt - r.cacheRead - r.cacheWrite,
    cache_creation_input_tokens: r.cacheWrite,
    cache_read_input_tokens: r.cacheRead,
    output_tokens: r.output,
    cost_usd: r.spend.toString(),
  };
}
