import { Decimal } from '../../money/decimal.js';
import type { DailyActivityResponse } from '../../model/litellm.js';

/** One model's usage over a period (or the TOTAL when `model` is null). Costs stay exact. */
export interface UsageRow {
  model: string | null;
  requests: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  spend: Decimal;
}

function empty(model: string | null): UsageRow {
  return { model, requests: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, spend: new Decimal(0) };
}

/**
 * Adds the days of a daily-activity response up per model, most expensive first (then by
 * name), with a TOTAL that is the exact sum of the rows, so the table always adds up.
 */
export function summarizeActivity(activity: DailyActivityResponse): { rows: UsageRow[]; total: UsageRow } {
  const byModel = new Map<string, UsageRow>();
  for (const day of activity.results) {
    for (const [model, { metrics: m }] of Object.entries(day.breakdown.models)) {
      const row = byModel.get(model) ?? empty(model);
      row.requests += m.api_requests;
      row.input += m.prompt_tokens;
      row.output += m.completion_tokens;
      row.cacheRead += m.cache_read_input_tokens;
      row.cacheWrite += m.cache_creation_input_tokens;
      row.spend = row.spend.plus(m.spend);
      byModel.set(model, row);
    }
  }
  const rows = [...byModel.values()].sort((a, b) => b.spend.comparedTo(a.spend) || (a.model! < b.model! ? -1 : 1));
  return { rows, total: addRows(rows, null) };
}

/** The sum of `rows`, labelled `model`. */
export function addRows(rows: UsageRow[], model: string | null): UsageRow {
  const total = empty(model);
  for (const r of rows) {
    total.requests += r.requests;
    total.input += r.input;
    total.output += r.output;
    total.cacheRead += r.cacheRead;
    total.cacheWrite += r.cacheWrite;
    total.spend = total.spend.plus(r.spend);
  }
  return total;
}

/** A row as `--json` prints it: exact decimal string for the cost, cache writes included. */
export function usageRowJson(r: UsageRow): Record<string, unknown> {
  return {
    ...(r.model !== null ? { model: r.model } : {}),
    requests: r.requests,
    input_tokens: r.input,
    output_tokens: r.output,
    cache_read_input_tokens: r.cacheRead,
    cache_creation_input_tokens: r.cacheWrite,
    cost_usd: r.spend.toString(),
  };
}
