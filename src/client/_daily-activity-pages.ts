import { Decimal } from '../money/exact/index.js';
import type { ActivityMetrics, DailyActivity, DailyActivityResponse } from '../model/index.js';
import { addExact } from './_sum.js';
import { sameUpToFloatNoise } from '../money/index.js';
import { compareText } from '../core/index.js';

/*
 * Why: LiteLLM's /user/daily/activity answers in pages (`page`, `page_size` query parameters;
 * `metadata.page`, `total_pages`, `has_more`; at most 1000 records a page), and it pages its
 * records (a day and model each), not days: a day can be split over two pages, and the days come
 * newest first. Reading only the first page showed a fraction of the usage as if it were all.
 * Here every page is read, the days are joined (a day on two pages added up), and the answer is
 * checked against its own totals before anything is shown: a wrong total is refused, not printed.
 */

/** LiteLLM's largest page (its `page_size` is at most 1000). */
export const PAGE_SIZE = 1000;
/** At most this many pages for one range (100,000 records): past it the answer is refused, not cut short. */
export const MAX_PAGES = 100;

/** One page of one range. */
export type ReadActivityPage = (page: number, pageSize: number) => Promise<DailyActivityResponse>;
/** Makes the error that refuses the answer, naming the field and why. */
export type Refuse = (field: string, reason: string) => Error;

type Totals = Omit<DailyActivityResponse['metadata'], 'page' | 'total_pages' | 'has_more'>;

const COUNTS = ['prompt_tokens', 'completion_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens', 'total_tokens', 'api_requests'] as const;

const zero = (): ActivityMetrics => ({ spend: new Decimal(0), prompt_tokens: 0, completion_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, total_tokens: 0, api_requests: 0 });

function add(a: ActivityMetrics, b: ActivityMetrics, at: string): ActivityMetrics {
  const out = { ...a, spend: a.spend.plus(b.spend) };
  for (const f of COUNTS) out[f] = addExact(a[f], b[f], `${at}.${f}`);
  return out;
}

/** The metrics as metadata totals. */
function totalsOf(m: ActivityMetrics): Totals {
  return {
    total_spend: m.spend,
    total_prompt_tokens: m.prompt_tokens,
    total_completion_tokens: m.completion_tokens,
    total_cache_read_input_tokens: m.cache_read_input_tokens,
    total_cache_creation_input_tokens: m.cache_creation_input_tokens,
    total_tokens: m.total_tokens,
    total_api_requests: m.api_requests,
  };
}

/** The sum of `days`' own metrics. */
function sumOfDays(days: readonly DailyActivity[]): ActivityMetrics {
  return days.reduce((s, d) => add(s, d.metrics, 'metadata'), zero());
}

const TOTALS = ['total_spend', 'total_prompt_tokens', 'total_completion_tokens', 'total_cache_read_input_tokens', 'total_cache_creation_input_tokens', 'total_tokens', 'total_api_requests'] as const;
type TotalField = (typeof TOTALS)[number];

const show = (t: Totals, f: TotalField): string => (f === 'total_spend' ? t.total_spend.toFixed() : String(t[f]));

/** The first field where `stated` and `summed` differ (spend up to float noise, counts exactly), or undefined. */
function disagreement(stated: Totals, summed: Totals): TotalField | undefined {
  return TOTALS.find((f) => (f === 'total_spend' ? !sameUpToFloatNoise(stated.total_spend, summed.total_spend) : stated[f] !== summed[f]));
}

/** Days of several pages joined: one result per date, oldest first, a day on two pages added up (its models too). */
export function joinDays(pages: readonly DailyActivityResponse[]): DailyActivity[] {
  const byDate = new Map<string, DailyActivity>();
  for (const p of pages) {
    for (const d of p.results) {
      const seen = byDate.get(d.date);
      if (!seen) {
        byDate.set(d.date, { date: d.date, metrics: { ...d.metrics }, breakdown: { models: { ...d.breakdown.models } } });
        continue;
      }
      seen.metrics = add(seen.metrics, d.metrics, `results[date=${d.date}].metrics`);
      for (const [model, { metrics }] of Object.entries(d.breakdown.models)) {
        const before = seen.breakdown.models[model];
        seen.breakdown.models[model] = { metrics: before ? add(before.metrics, metrics, `results[date=${d.date}].breakdown.models.${model}.metrics`) : metrics };
      }
    }
  }
  return [...byDate.values()].sort((a, b) => compareText(a.date, b.date));
}

/**
 * Refuses a day whose models add up to more than the day itself in some figure: the usage
 * recorded without a model (the day less its models) would be negative, which no usage is.
 */
export function checkDayBreakdowns(days: readonly DailyActivity[], refuse: Refuse): void {
  for (const d of days) {
    const models = Object.values(d.breakdown.models).reduce((s, m) => add(s, m.metrics, `results[date=${d.date}].breakdown.models`), zero());
    const field = `results[date=${d.date}].breakdown.models`;
    for (const f of COUNTS) {
      if (models[f] > d.metrics[f]) throw refuse(field, `on ${d.date} the models' ${f} add up to ${models[f]}, more than the day's ${d.metrics[f]}: usage without a model cannot be negative`);
    }
    if (models.spend.gt(d.metrics.spend) && !sameUpToFloatNoise(models.spend, d.metrics.spend)) {
      throw refuse(field, `on ${d.date} the models' spend adds up to ${models.spend.toFixed()}, more than the day's ${d.metrics.spend.toFixed()}: usage without a model cannot be negative`);
    }
  }
}

/**
 * Every page of one range, joined into one answer whose metadata is the exact sum of its days
 * (and has no page fields). The answer is refused (`refuse`) when a page is not the one asked
 * for, when there are more than MAX_PAGES, or when the days disagree with the totals the pages
 * state: LiteLLM's totals are of each page's own records, a gateway's may be of the whole range
 * (the same on every page); the answer is taken when either reading holds, and refused otherwise.
 */
export async function readActivityPages(read: ReadActivityPage, refuse: Refuse): Promise<DailyActivityResponse> {
  const pages: DailyActivityResponse[] = [];
  for (let page = 1; ; page++) {
    if (page > MAX_PAGES) throw refuse('metadata.has_more', `more than ${MAX_PAGES} pages of ${PAGE_SIZE} records; ask for a shorter period`);
    const answer = await read(page, PAGE_SIZE);
    const m = answer.metadata;
    if (m.page !== undefined && m.page !== page) throw refuse('metadata.page', `page ${m.page} came when page ${page} was asked for`);
    if (page > 1 && m.page === undefined) throw refuse('metadata.page', `the answer to page ${page} does not say which page it is`);
    pages.push(answer);
    const more = m.has_more === true || (m.total_pages !== undefined && page < m.total_pages);
    if (!more) break;
  }
  const days = joinDays(pages);
  const summed = totalsOf(sumOfDays(days));
  const samePages = pages.every((p) => disagreement(p.metadata, pages[0]!.metadata) === undefined);
  // Range-wide totals: the same on every page, and the days of all pages add up to them.
  const wide = samePages ? disagreement(pages[0]!.metadata, summed) : 'differ';
  if (wide === undefined) return done(days, summed, refuse);
  // Per-page totals (LiteLLM's): each page's days add up to its own.
  for (const [i, p] of pages.entries()) {
    const own = totalsOf(sumOfDays(joinDays([p])));
    const f = disagreement(p.metadata, own);
    if (!f) continue;
    let why: string;
    if (pages.length === 1) why = `the answer states ${show(p.metadata, f)}, but its days add up to ${show(own, f)}`;
    else if (wide !== 'differ') why = `all ${pages.length} pages state ${show(p.metadata, wide)}, but the days of all ${pages.length} pages add up to ${show(summed, wide)}`;
    else why = `page ${i + 1} of ${pages.length} states ${show(p.metadata, f)}, but its days add up to ${show(own, f)}`;
    throw refuse(`metadata.${pages.length > 1 && wide !== 'differ' ? wide : f}`, `${why}; refused rather than shown with a wrong total`);
  }
  return done(days, summed, refuse);
}

/** The joined answer, once its days' breakdowns are checked. */
function done(days: DailyActivity[], summed: Totals, refuse: Refuse): DailyActivityResponse {
  checkDayBreakdowns(days, refuse);
  return { results: days, metadata: summed };
}
