import type { CommandIO } from '../_command.js';
import type { GatewayClient } from '../../client/gateway-client.js';
import { BadRequestError } from '../../client/errors/bad-request-error.js';
import type { DailyActivityResponse } from '../../model/litellm.js';
import { explained, type KeyInUse } from '../_gateway/client-for.js';
import { isNotShared } from './not-shared.js';
import type { DayRange } from './period.js';
import { PeriodRefusedError } from './period-refused-error.js';
import type { UsageToday } from './whose-today.js';

/** The key's daily activity over `period`; undefined when its usage is not shared (403). */
export async function activityOf(io: CommandIO, client: GatewayClient, key: KeyInUse, period: DayRange, today: UsageToday): Promise<DailyActivityResponse | undefined> {
  try {
    return await explained(io, key, client.getDailyActivity({ start_date: period.start, end_date: period.end }));
  } catch (e) {
    if (isNotShared(e)) return undefined;
    if (e instanceof BadRequestError) throw new PeriodRefusedError(period, e.reason, today);
    throw e;
  }
}
