import { Decimal } from '../../money/index.js';
import type { KeyInfo } from '../../model/index.js';
import { countText, dollars, percent, usd } from '../_output/money.js';
import { resetTime, worksAgain } from '../_gateway/blocked-reason.js';
import { budgetPeriod } from '../_gateway/budget-period.js';

/** The notes under the usage table that apply to this key (monthly limit, credits, dev plan), one paragraph each. */
export function usageExtras(info: KeyInfo): string[] {
  const lines: string[] = [];
  if (info.max_budget) {
    // Named by its own period (`budget_duration`), as auth status names it: a daily limit is not "this month's".
    const period = budgetPeriod(info);
    const state = info.blocked ? `. Reached: the key is blocked and works again ${worksAgain(info)}.` : '.';
    const head = period.monthly ? 'Monthly limit' : `${period.limit[0]!.toUpperCase()}${period.limit.slice(1)}`;
    const reset = resetTime(info);
    const used = period.monthly ? 'used this month' : `used${reset ? ` (next reset ${reset})` : ''}`;
    lines.push(`${head}: $${usd(info.spend)} of $${usd(info.max_budget)} ${used} (${percent(info.spend, info.max_budget)})${state}`);
  }
  if (info.credits) {
    const balance = info.credits.balance_usd;
    // A negative balance is an overdraft, not "$-3.20 left".
    const state = balance.isNegative() && dollars(balance).startsWith('-') ? `${dollars(balance)}, overdrawn by ${dollars(balance.negated())}` : `${dollars(balance)} left`;
    lines.push(`Credits: ${state}, shared by all keys of the organization; drawn at credit prices, so they fall slightly faster than the costs shown.`);
  }
  if (info.dev_plan) {
    const p = info.dev_plan;
    lines.push(
      `Dev plan (${p.plan}): ${countText(p.tokens_used)} of ${countText(p.tokens_included)} tokens used this month (${percent(new Decimal(p.tokens_used), new Decimal(p.tokens_included))}); cache reads count a tenth.`,
    );
  }
  return lines;
}

/** `--json` form of the same facts, exact. */
export function usageExtrasJson(info: KeyInfo): Record<string, unknown> {
  return {
    // `monthly_limit` keeps its name for a limit of any period; `budget_duration` says which (as sent, null when none).
    monthly_limit: info.max_budget ? { spend_usd: info.spend.toString(), limit_usd: info.max_budget.toString(), blocked: info.blocked, budget_duration: info.budget_duration ?? null } : null,
    credits: info.credits ? { balance_usd: info.credits.balance_usd.toString() } : null,
    dev_plan: info.dev_plan,
  };
}
