import { UsageError } from '../_program/usage-error.js';
import { checkPeriodFields, type CheckedKeyUsagePeriod, type PeriodStyle } from '../../client/limits/index.js';
import { InvalidRequestError } from '../../client/errors/index.js';

/**
 * Checks a period given on the command line by the client's one period check
 * (`checkPeriodFields`: real months and days, start not after end, one style at most), with
 * the API's field names in its messages turned into the command's flags (`flagOf`);
 * `oneOf` is what to say when two styles are given.
 * @throws UsageError naming the flag.
 */
export function checkPeriodFlags(p: Record<string, string | number>, allowed: readonly PeriodStyle[], flagOf: Record<string, string>, oneOf: string): CheckedKeyUsagePeriod {
  try {
    return checkPeriodFields(p, allowed);
  } catch (e) {
    if (!(e instanceof InvalidRequestError)) throw e;
    if (e.field.includes(', ')) throw new UsageError(`${e.field.split(', ').map((f) => flagOf[f] ?? f).join(', ')}: give at most one period: ${oneOf}`);
    const reason = e.reason.replace(/\b(start_date|end_date)\b/g, (f) => flagOf[f] ?? f);
    throw new UsageError(`${flagOf[e.field] ?? e.field}: ${reason}`);
  }
}
