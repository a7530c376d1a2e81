import type { KeyInfo } from '../../model/index.js';
import { usd } from '../_output/money.js';
import { budgetPeriod } from './budget-period.js';

/** When a blocked key works again, e.g. `2026-12-01 00:00 UTC`; the next month when the service does not say. */
export function resetText(info: KeyInfo): string {
  if (!info.budget_reset_at) return 'when a new month begins';
  return `from ${info.budget_reset_at.replace('T', ' ').replace(/:00(\.0+)?(Z|\+00:00)$/, ' UTC')}`;
}

/** Why a blocked key does not work, and when it works again; the limit named by its own period (`the daily spend limit`). */
export function blockedReason(info: KeyInfo): string {
  const limit = info.max_budget ? ` of $${usd(info.max_budget)}` : '';
  const period = budgetPeriod(info);
  // Without a reset time, "a new month" is right only for a monthly limit.
  const again = period.monthly || info.budget_reset_at ? resetText(info) : 'when the limit resets';
  return `blocked: the ${period.limit}${limit} is reached ($${usd(info.spend)} spent); it works again ${again}`;
}
