import { Decimal } from '../../money/index.js';
import type { Currency } from '../../model/parse/index.js';
import type { DevPlan, PricingService, PricingType } from '../../model/index.js';
import type { OrgData } from '../dataset/dataset.js';
import type { RawPrice } from '../dataset/_schema.js';
import { HttpError } from '../http-error.js';
import { daysInMonth, formatDay, monthEnd, monthStart, parseDay } from '../_days.js';

const CURRENCIES: readonly Currency[] = ['DKK', 'EUR', 'USD'];
const DEV_PLANS: readonly DevPlan[] = ['go', 'pro', 'max'];
/** The core product (priced per CorePlan) and the dev product (priced per DevPlan, per seat). */
const CORE = { service: 'private_llm', type: 'assistant' } as const;
const DEV = { service: 'private_llm', type: 'coding' } as const;

export function resolveCurrency(q: URLSearchParams): Currency {
  const v = q.get('currency') ?? 'DKK';
  if (!(CURRENCIES as readonly string[]).includes(v)) {
    throw new HttpError(400, 'invalid_currency', `currency must be one of ${CURRENCIES.join(', ')} (got "${v}")`);
  }
  return v as Currency;
}

/** A line's share of the month: the whole month, or since..month end when it started this month. */
function periodOf(since: string | null, today: number): { first: number; days: number } | null {
  const start = since ? parseDay(since)! : null;
  const m = monthStart(today);
  if (start === null || start <= m) return null;
  return { first: start, days: monthEnd(m) - start + 1 };
}

/** What pricing reads: the dataset's price list and the day it is priced on. */
export interface PricingContext {
  prices: readonly RawPrice[];
  /** Day number of "today": what has started by then, and part-month lines of its month. */
  today: number;
}

/** One line as computed: the int32 unit price and quantity, and their exact int64 product. */
export interface PlanCostLineValue extends Record<string, unknown> {
  unit_price_cents: number;
  quantity: number;
  line_total_cents: bigint;
}

/**
 * OrgPlanCost in one currency (amounts as hand-set per currency, never converted): a line per
 * product with a price (agreed or list), dev lines per plan with seats, part-month lines priced
 * for their days (rounded half up), and `missing` for products with no price in that currency
 * (an agreed price not set in that currency included). `line_total_cents` (int64, spec §2) is
 * the exact product of two int32s and `total_monthly_cents` their exact sum, as BigInt: a float
 * product is off by hundreds past 2^53 (2147483647 × 2147483647 ends …609, not …600). The
 * dataset's load refuses prices, seats and sums past int32 and int64 (`checkPlanCostLimits`).
 */
export function buildPlanCost(at: PricingContext, org: OrgData, currency: Currency) {
  const sub = org.raw.subscription;
  const today = at.today;
  const live = (since: string | null) => since === null || parseDay(since)! <= today;
  const find = (service: PricingService, type: PricingType, extra: (p: RawPrice) => boolean) =>
    at.prices.find((p) => p.service === service && p.type === type && extra(p));
  const dim = daysInMonth(today);
  const lines: PlanCostLineValue[] = [];
  const missing: Array<Record<string, unknown>> = [];
  const seatsByPlan = new Map<DevPlan, { seats: number; since: string | null }>();
  for (const s of sub.dev_seats.filter((s) => live(s.since))) {
    const cur = seatsByPlan.get(s.plan);
    // One line per plan: it is a part-month line only when all its seats started this month (earliest start).
    const since = !cur ? s.since : cur.since === null || s.since === null ? null : cur.since < s.since ? cur.since : s.since;
    seatsByPlan.set(s.plan, { seats: (cur?.seats ?? 0) + s.seats, since });
  }
  const seats = [...seatsByPlan.values()].reduce((a, s) => a + s.seats, 0);

  const push = (base: Record<string, unknown>, monthly: number, isPerUser: boolean, quantity: number, since: string | null) => {
    const part = periodOf(since, today);
    const unit = part ? new Decimal(monthly).times(part.days).dividedBy(dim).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber() : monthly;
    lines.push({
      service: base.service, type: base.type, is_per_user: isPerUser, unit_price_cents: unit, quantity,
      line_total_cents: BigInt(unit) * BigInt(quantity), custom_price: base.custom_price ?? false,
      period: part ? { first_day: formatDay(part.first), last_day: formatDay(part.first + part.days - 1) } : null,
      plan: base.plan ?? null, core_plan: base.core_plan ?? null,
    });
  };

  for (const p of sub.products.filter((p) => live(p.since))) {
    if (p.service === DEV.service && p.type === DEV.type) continue; // billed per plan from dev_seats below
    const isCore = p.service === CORE.service && p.type === CORE.type;
    const list = isCore
      ? sub.core_plan ? find(p.service, p.type, (x) => x.core_plan === sub.core_plan) : undefined
      : find(p.service, p.type, (x) => x.core_plan === null && x.plan === null);
    const isPerUser = list?.is_per_user ?? false;
    const quantity = isPerUser ? seats : 1;
    // An agreed price replaces the list price; one not set in this currency leaves the product
    // without a price there (listed in `missing`), never silently at list price (README Assumptions).
    if (p.custom_amounts) {
      const custom = p.custom_amounts[currency];
      if (custom !== undefined) push({ service: p.service, type: p.type, custom_price: true }, custom, isPerUser, quantity, p.since);
      else missing.push({ service: p.service, type: p.type, plan: null });
    } else if (list?.amounts[currency] !== undefined) {
      push({ service: p.service, type: p.type, core_plan: isCore ? sub.core_plan : null }, list.amounts[currency], isPerUser, quantity, p.since);
    } else missing.push({ service: p.service, type: p.type, plan: null });
  }
  for (const plan of DEV_PLANS) {
    const s = seatsByPlan.get(plan);
    if (!s) continue;
    const price = find(DEV.service, DEV.type, (x) => x.plan === plan)?.amounts[currency];
    if (price === undefined) missing.push({ ...DEV, plan });
    else push({ ...DEV, plan }, price, true, s.seats, s.since);
  }
  return {
    currency,
    seats,
    lines,
    missing,
    total_monthly_cents: lines.reduce((a, l) => a + l.line_total_cents, 0n),
    core_plan: sub.core_plan,
    ...(sub.company_size_tier !== undefined ? { company_size_tier: sub.company_size_tier } : {}),
  };
}

/** The currencies plan-cost answers in. */
export const PLAN_COST_CURRENCIES = CURRENCIES;
