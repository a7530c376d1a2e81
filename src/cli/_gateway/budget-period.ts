import type { KeyInfo } from '../../model/index.js';
import { plainText } from '../_output/sanitize.js';

/** LiteLLM's duration units (`30s`, `1h`, `1d`, `1w`, `1mo`, `1y`) as words. */
const UNITS: Record<string, { one: string; every: string }> = {
  s: { one: 'second', every: 'per-second' },
  m: { one: 'minute', every: 'per-minute' },
  h: { one: 'hour', every: 'hourly' },
  d: { one: 'day', every: 'daily' },
  w: { one: 'week', every: 'weekly' },
  mo: { one: 'month', every: 'monthly' },
  y: { one: 'year', every: 'yearly' },
};

/**
 * The key's spend limit named by its own period, from `/key/info`'s `budget_duration`: `monthly`
 * (`1mo`, the spec's limit), `daily` (`1d`), `30-day` (`30d`); `spend limit` alone when the
 * service names no period or one this client does not know (shown as sent, e.g. `spend limit ("fortnightly")`).
 * The spec speaks only of a monthly limit; a gateway may set any LiteLLM duration, and a daily
 * limit shown as "this month" would say when the key stops working wrongly.
 */
export function budgetPeriod(info: Pick<KeyInfo, 'budget_duration'>): { monthly: boolean; limit: string } {
  const d = info.budget_duration?.trim();
  const m = d ? /^(\d{1,4})(mo|s|m|h|d|w|y)$/.exec(d) : null;
  if (!m) return { monthly: false, limit: d ? `spend limit ("${plainText(d).slice(0, 40)}")` : 'spend limit' };
  const n = Number(m[1]);
  const unit = UNITS[m[2]!]!;
  return { monthly: n === 1 && m[2] === 'mo', limit: `${n === 1 ? unit.every : `${n}-${unit.one}`} spend limit` };
}
