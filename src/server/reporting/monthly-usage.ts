import { Decimal } from '../../money/index.js';
import type { Dataset, OrgData } from '../dataset/dataset.js';
import { rowRange } from '../dataset/usage-table.js';
import { HttpError } from '../http-error.js';
import { intParam, YEAR_RANGE } from './_period.js';
import { addMonths, dayOf, formatDay, monthEnd, monthKey, monthStart, yearMonth } from '../_days.js';
import { formatMicro } from '../_micro.js';
import { runRateChangePct } from './_pct.js';

const D = Decimal.clone({ precision: 60 });

/** The months of the request: trailing `months` (default 12, max 60) or one `year`; 400 when both. */
export function resolveMonthlyWindow(q: URLSearchParams, today: number): number[] {
  if (q.has('months') && q.has('year')) throw new HttpError(400, 'invalid_period', 'months and year are mutually exclusive; send one');
  const current = monthStart(today);
  if (q.has('year')) {
    const y = intParam('year', q.get('year')!, YEAR_RANGE.min, YEAR_RANGE.max);
    const out: number[] = [];
    for (let m = 1; m <= 12; m++) {
      const d = dayOf(y, m, 1);
      if (d <= current) out.push(d); // months after the current one have no data yet
    }
    return out;
  }
  const n = intParam('months', q.get('months') ?? '12', 0, 60);
  return Array.from({ length: n }, (_, i) => addMonths(today, i - (n - 1)));
}

/** A month's rate: stored, estimated from the latest stored one (current month only), or none. */
function rateFor(ds: Dataset, month: number): { rate: string | null; estimated: boolean } {
  const rates = ds.meta.usd_dkk_rates;
  const stored = rates[monthKey(month)];
  if (stored) return { rate: stored, estimated: false };
  if (month !== monthStart(ds.today)) return { rate: null, estimated: false };
  const latest = Object.keys(rates).filter((k) => k < monthKey(month)).sort().pop();
  return latest ? { rate: rates[latest]!, estimated: true } : { rate: null, estimated: false };
}

/** OrgMonthlyUsage over the given months (first days), every figure summed from the raw rows. */
export async function buildMonthlyUsage(ds: Dataset, org: OrgData, months: number[]) {
  const t = await ds.usage(org);
  const today = ds.today;
  const monthsOut = months.map((m) => {
    const last = Math.min(monthEnd(m), today);
    const n = last - m + 1;
    const day = Array.from({ length: n }, () => [0, 0, 0, 0, 0, 0]); // spend, prompt, completion, requests, cr, cc
    const [from, to] = rowRange(t, m, last);
    for (let r = from; r < to; r++) {
      const d = day[t.day[r]! - m]!;
      d[0]! += t.spendMicro[r]!;
      d[1]! += t.prompt[r]!;
      d[2]! += t.completion[r]!;
      d[3]! += t.requests[r]!;
      d[4]! += t.cacheRead[r]!;
      d[5]! += t.cacheCreation[r]!;
    }
    const sum = [0, 1, 2, 3, 4, 5].map((i) => day.reduce((a, d) => a + d[i]!, 0));
    const usd = formatMicro(sum[0]!);
    const { rate, estimated } = rateFor(ds, m);
    return {
      month: formatDay(m),
      usd_spend: usd,
      dkk_spend: rate === null ? null : new D(usd).times(rate).toFixed(),
      rate_estimated: rate !== null && estimated,
      total_tokens: sum[1]! + sum[2]!,
      request_count: sum[3]!,
      prompt_tokens: sum[1]!,
      completion_tokens: sum[2]!,
      cache_read_input_tokens: sum[4]!,
      cache_creation_input_tokens: sum[5]!,
      days: day.map((d, i) => ({
        date: formatDay(m + i),
        usd_spend: formatMicro(d[0]!),
        total_tokens: d[1]! + d[2]!,
        request_count: d[3]!,
        prompt_tokens: d[1]!,
        completion_tokens: d[2]!,
        cache_read_input_tokens: d[4]!,
        cache_creation_input_tokens: d[5]!,
      })),
    };
  });

  const totalUsd = monthsOut.reduce((a, m) => a.plus(m.usd_spend), new D(0));
  // DKK total only when every month that spent has a DKK figure; otherwise it would understate.
  // A month that spent nothing is 0 DKK at any rate, so a window without spend totals "0".
  const dkkKnown = monthsOut.every((m) => m.dkk_spend !== null || m.usd_spend === '0');
  const totalDkk = dkkKnown ? monthsOut.reduce((a, m) => a.plus(m.dkk_spend ?? 0), new D(0)).toFixed() : null;
  const cur = monthsOut.find((m) => m.month === formatDay(monthStart(today)));
  const prev = monthsOut.find((m) => m.month === formatDay(addMonths(today, -1)));
  const change = (f: (m: NonNullable<typeof cur>) => string | number) =>
    cur && prev ? runRateChangePct(new D(f(cur)), new D(f(prev)), today) : null;
  const created = Number(org.raw.created_at.slice(0, 4));
  const thisYear = yearMonth(today).year;
  return {
    org_id: org.raw.org_id,
    months: monthsOut,
    summary: {
      total_usd_spend: totalUsd.toFixed(),
      total_dkk_spend: totalDkk,
      total_tokens: monthsOut.reduce((a, m) => a + m.total_tokens, 0),
      total_requests: monthsOut.reduce((a, m) => a + m.request_count, 0),
      usd_spend_change_pct: change((m) => m.usd_spend),
      tokens_change_pct: change((m) => m.total_tokens),
      requests_change_pct: change((m) => m.request_count),
    },
    available_years: Array.from({ length: Math.max(0, thisYear - created + 1) }, (_, i) => created + i),
  };
}
