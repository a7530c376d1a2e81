import type { CommandIO } from '../_program/command.js';
import { Decimal } from '../../money/index.js';
import type { GatewayClient } from '../../client/index.js';
import { BadRequestError } from '../../client/errors/index.js';
import type { DailyActivityResponse } from '../../model/index.js';
import { explained, type KeyInUse } from '../_gateway/client-for.js';
import { isNotShared } from './_not-shared.js';
import type { DayRange } from './_period.js';
import { PeriodRefusedError } from './period-refused-error.js';
import type { UsageToday } from './_whose-today.js';

/** The answer for a period with no days up to today: nothing to ask. */
export function noActivity(): DailyActivityResponse {
  const zero = { total_prompt_tokens: 0, total_completion_tokens: 0, total_cache_read_input_tokens: 0, total_cache_creation_input_tokens: 0, total_tokens: 0, total_api_requests: 0 };
  return { results: [], metadata: { total_spend: new Decimal(0), ...zero } };
}

/** The key's daily activity over `period` (the client splits one past 366 days); undefined when its usage is not shared (403). */
export async function activityOf(io: CommandIO, client: GatewayClient, key: KeyInUse, period: DayRange, today: UsageToday): Promise<DailyActivityResponse | undefined> {
  if (period.afterToday) return noActivity();
  try {
    return await explained(io, key, client.getDailyActivity({ start_date: period.start, end_date: period.end }));
  } catch (e) {
    if (isNotShared(e)) return undefined;
    if (e instanceof BadRequestError) throw new PeriodRefusedError(period, e.reason, today);
    throw e;
  }
}
