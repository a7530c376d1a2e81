import type { ParsedArgs } from '../_program/command.js';
import { choice, str } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { checkPeriodFlags } from '../_client/period-check.js';
import { USAGE_PERIODS, type UsageRequest } from './_period.js';

const FLAG: Record<string, string> = { month: '--month', start_date: '--since', end_date: '--until' };
const ONE_OF = '--period, --month, or --since (with --until)';

/**
 * The period `svc usage`'s flags ask for: `--period NAME` (default `month`), `--month YYYY-MM`,
 * or `--since DATE [--until DATE]`, at most one of them, checked by the client's one period
 * check before any request.
 * @throws UsageError naming the flag.
 */
export function usageRequestFromFlags(args: ParsedArgs): UsageRequest {
  const period = choice(args, 'period', USAGE_PERIODS);
  const month = str(args, 'month');
  const since = str(args, 'since');
  const until = str(args, 'until');
  const given = [period !== undefined && '--period', month !== undefined && '--month', (since ?? until) !== undefined && (since !== undefined ? '--since' : '--until')].filter(Boolean);
  if (given.length > 1) throw new UsageError(`${given.join(', ')}: give at most one period: ${ONE_OF}`);
  if (until !== undefined && since === undefined) throw new UsageError('--until: needs --since (the first day)');
  if (month !== undefined) {
    checkPeriodFlags({ month }, ['month'], FLAG, ONE_OF);
    return { kind: 'month', month };
  }
  if (since !== undefined) {
    // Without --until the range runs to today, which only the service's answer says: the check sees since alone.
    checkPeriodFlags({ start_date: since, end_date: until ?? since }, ['range'], FLAG, ONE_OF);
    return { kind: 'range', since, ...(until !== undefined ? { until } : {}) };
  }
  return { kind: 'named', name: period ?? 'month' };
}
