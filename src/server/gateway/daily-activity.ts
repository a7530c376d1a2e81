import { compareText } from '../../core/index.js';
import type { Dataset } from '../dataset/dataset.js';
import { rowRange } from '../dataset/usage-table.js';
import { HttpError } from '../http-error.js';
import { formatDay, monthStart, parseDay } from '../_days.js';
import { formatMicro } from '../_micro.js';
import type { CallingKey } from './_api-key.js';

type Metrics = [number, number, number, number, number, number]; // spend, prompt, completion, cr, cc, requests

const metrics = (m: Metrics) => ({
  spend: formatMicro(m[0]),
  prompt_tokens: m[1],
  completion_tokens: m[2],
  cache_read_input_tokens: m[3],
  cache_creation_input_tokens: m[4],
  total_tokens: m[1] + m[2],
  api_requests: m[5],
});

function dateParam(q: URLSearchParams, name: string, fallback: number): number {
  const v = q.get(name);
  if (v === null) return fallback;
  const d = parseDay(v);
  if (d === undefined) throw new HttpError(400, 'invalid_period', `${name} must be a YYYY-MM-DD date (got "${v}")`);
  return d;
}

/** A whole number query parameter in [min, max], or `fallback` when absent; else 400 naming it. */
function intParam(q: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const v = q.get(name);
  if (v === null) return fallback;
  if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) throw new HttpError(400, 'invalid_query', `${name} must be a whole number from ${min} to ${max} (got "${v}")`);
  return Number(v);
}

/**
 * LiteLLM-shaped `GET /user/daily/activity` scoped to the calling key: one result per UTC day of
 * start_date..end_date (default this month to date; end clamped to today; at most 366 days).
 * Usage recorded without a model counts in the day's metrics but has no breakdown entry.
 * LiteLLM's `page` and `page_size` are taken (checked as LiteLLM does: page from 1, page_size
 * 1 to 1000) but this server does not split: every day is on page 1 of 1 (`has_more` false), so
 * a page past it is 400. The client's paging is tested against servers of the tests' own.
 */
export async function dailyActivity(ds: Dataset, k: CallingKey & { org: NonNullable<CallingKey['org']> }, q: URLSearchParams) {
  if (!k.org.raw.shares.usage) throw new HttpError(403, 'usage_not_shared', 'usage is not shared with this organization');
  const page = intParam(q, 'page', 1, 1_000_000_000, 1);
  intParam(q, 'page_size', 1, 1000, 50);
  if (page > 1) throw new HttpError(400, 'invalid_query', `page ${page} is past the last page, 1: this server answers every day on page 1`);
  const first = dateParam(q, 'start_date', monthStart(ds.today));
  const requestedLast = dateParam(q, 'end_date', ds.today);
  if (first > requestedLast) throw new HttpError(400, 'invalid_period', `start_date ${formatDay(first)} is after end_date ${formatDay(requestedLast)}`);
  if (requestedLast - first + 1 > 366) {
    throw new HttpError(400, 'invalid_period', `start_date ${formatDay(first)} to end_date ${formatDay(requestedLast)} spans ${requestedLast - first + 1} days; at most 366`);
  }
  // Days after today have no usage yet: like LiteLLM, a range that starts after today is empty, not an error
  // (a client whose clock is ahead of the server's asks for "today" and gets nothing rather than a 400).
  const last = Math.min(requestedLast, ds.today);
  const t = await ds.usage(k.org);
  const days: Array<{ m: Metrics; models: Map<string, Metrics> }> = Array.from({ length: Math.max(0, last - first + 1) }, () => ({ m: [0, 0, 0, 0, 0, 0], models: new Map() }));
  const total: Metrics = [0, 0, 0, 0, 0, 0];
  const [from, to] = rowRange(t, first, last);
  for (let r = from; r < to; r++) {
    if (t.key[r] !== k.keyIndex) continue;
    const d = days[t.day[r]! - first]!;
    const row: Metrics = [t.spendMicro[r]!, t.prompt[r]!, t.completion[r]!, t.cacheRead[r]!, t.cacheCreation[r]!, t.requests[r]!];
    const targets = [d.m, total];
    const model = t.model[r]!;
    if (model >= 0) {
      const id = ds.models[model]!.id;
      if (!d.models.has(id)) d.models.set(id, [0, 0, 0, 0, 0, 0]);
      targets.push(d.models.get(id)!);
    }
    for (const m of targets) for (let i = 0; i < 6; i++) m[i]! += row[i]!;
  }
  return {
    results: days.map((d, i) => ({
      date: formatDay(first + i),
      metrics: metrics(d.m),
      breakdown: { models: Object.fromEntries([...d.models].sort(([a], [b]) => compareText(a, b)).map(([id, m]) => [id, { metrics: metrics(m) }])) },
    })),
    metadata: {
      total_spend: formatMicro(total[0]),
      total_prompt_tokens: total[1],
      total_completion_tokens: total[2],
      total_cache_read_input_tokens: total[3],
      total_cache_creation_input_tokens: total[4],
      total_tokens: total[1] + total[2],
      total_api_requests: total[5],
      page: 1,
      total_pages: 1,
      has_more: false,
    },
  };
}
