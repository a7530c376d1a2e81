import type { KeyInfo } from '../../model/index.js';
import { usd } from '../_output/money.js';
import { budgetPeriod } from './budget-period.js';

/** When the key's budget resets as the service says it, e.g. `2026-12-01 00:00 UTC`; undefined when it does not say. */
export function resetTime(info: KeyInfo): string | undefined {
  return info.budget_reset_at?.replace('T', ' ').replace(/:00(\.0+)?(Z|\+00:00)$/, ' UTC');
}

/** When a blocked key works again, e.g. `from 2026-12-01 00:00 UTC`; the next month when the service does not say. */
export function resetText(info: KeyInfo): string {
  const at = resetTime(info);
  return at ? `from ${at}` : 'when a new month begins';
}

/** When a blocked key works again, by its limit's own period: without a reset time, "a new month" is right only for a monthly limit. */
export function worksAgain(info: KeyInfo): string {
  return budgetPeriod(info).monthly || info.budget_reset_at ? resetText(info) : 'when the limit resets';
}

/** Why a blocked key does not work, and when it works again; the limit named by its own period (`the daily spend limit`). */
export function blockedReason(info: KeyInfo): string {
  const limit = info.max_budget ? ` of $${usd(info.max_budget)}` : '';
  return `blocked: the ${budgetPeriod(info).limit}${limit} is reached ($${usd(info.spend)} spent); it works again ${worksAgain(info)}`;
}
