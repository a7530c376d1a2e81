import type { OptionSpec, ParsedArgs } from '../_program/command.js';
import { int, str } from '../_program/args.js';
import type { KeyUsagePeriod } from '../../client/index.js';
import { checkPeriodFlags } from '../_client/period-check.js';

/** The key-usage period flags, named as the API's query parameters. */
export const keyPeriodOptions: Record<string, OptionSpec> = {
  month: { type: 'string', valueName: 'YYYY-MM', description: 'one calendar month' },
  year: { type: 'string', valueName: 'YYYY', description: 'one calendar year (up to today)' },
  months: { type: 'string', valueName: 'N', description: 'trailing months, the current one included' },
  'start-date': { type: 'string', valueName: 'YYYY-MM-DD', description: 'first day (with --end-date; any length)' },
  'end-date': { type: 'string', valueName: 'YYYY-MM-DD', description: 'last day (with --start-date)' },
};

const FLAG: Record<string, string> = { month: '--month', year: '--year', months: '--months', start_date: '--start-date', end_date: '--end-date' };

/** The period the flags ask for, checked by the client's rules (checkKeyUsagePeriod's styles); a UsageError naming the flag otherwise. */
export function keyPeriodFromFlags(args: ParsedArgs): KeyUsagePeriod {
  const p: Record<string, string | number> = {};
  const month = str(args, 'month');
  const year = int(args, 'year', 1, 9999);
  const months = int(args, 'months', 0, 2 ** 31 - 1);
  const start = str(args, 'start-date');
  const end = str(args, 'end-date');
  if (month !== undefined) p.month = month;
  if (year !== undefined) p.year = year;
  if (months !== undefined) p.months = months;
  if (start !== undefined) p.start_date = start;
  if (end !== undefined) p.end_date = end;
  checkPeriodFlags(p, ['month', 'year', 'months', 'range'], FLAG, '--month, --year, --months, or --start-date with --end-date');
  return p as KeyUsagePeriod;
}
