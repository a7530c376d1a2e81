import { buildPlanCost, PLAN_COST_CURRENCIES } from '../reporting/plan-cost.js';
import { parseDay } from '../_days.js';
import type { OrgData } from './dataset.js';
import type { RawPrice } from './_schema.js';
import { DatasetError } from './dataset-error.js';

const INT32_MAX = 2 ** 31 - 1;
const INT64_MAX = 2n ** 63n - 1n;
/** A day by which every product and seat of any dataset has started, and none is a part-month line: the largest plan cost there can be. */
const ALL_STARTED = parseDay('9999-12-31')!;

/**
 * Refuses an organization whose plan cost could break the spec's integer types on some day (spec
 * §2 OrgPlanCost): `seats` and a line's `quantity` are int32, `total_monthly_cents` int64. Each
 * line's `unit_price_cents` is an int32 by the price schemas; the line total, int32 × int32, always
 * fits int64. Checked on the largest cost there can be (everything started, every line a whole
 * month), in each currency, with the one pricing rule the endpoint answers by.
 * @throws DatasetError naming the org.json and the field
 */
export function checkPlanCostLimits(prices: readonly RawPrice[], org: OrgData, file: string): void {
  for (const currency of PLAN_COST_CURRENCIES) {
    const cost = buildPlanCost({ prices, today: ALL_STARTED }, org, currency);
    if (cost.seats > INT32_MAX) {
      throw new DatasetError(file, 'subscription.dev_seats', `the seats add up to ${cost.seats}, past int32 (${INT32_MAX}): plan-cost's seats and a per-seat line's quantity are int32 (spec §2)`);
    }
    if (cost.total_monthly_cents > INT64_MAX) {
      throw new DatasetError(file, 'subscription', `the monthly lines in ${currency} add up to ${cost.total_monthly_cents} minor units, past int64 (${INT64_MAX}): plan-cost's total_monthly_cents is int64 (spec §2)`);
    }
  }
}
