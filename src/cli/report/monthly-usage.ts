import type { Command } from '../_program/command.js';
import { bool, int } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { reportingOptions } from '../_client/client-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import type { MonthlyUsagePeriod } from '../../client/index.js';
import { monthlyTable } from './_monthly-table.js';
import { asSent } from './_json.js';

/** `svc report monthly-usage`: usage and spend per calendar month (endpoint 5). */
export const monthlyUsageCommand: Command = {
  name: 'monthly-usage',
  summary: 'Usage and spend (USD and DKK) per calendar month',
  usage: 'report monthly-usage [--months N | --year YYYY] [--json]',
  examples: ['svc report monthly-usage', 'svc report monthly-usage --months 24', 'svc report monthly-usage --year 2025 --json'],
  options: {
    months: { type: 'string', valueName: 'N', description: 'trailing months, this one included (default 12, max 60)' },
    year: { type: 'string', valueName: 'YYYY', description: 'one calendar year' },
    json: { type: 'boolean', description: 'print the API record as sent' },
    ...reportingOptions,
  },
  async run(io, args) {
    const months = int(args, 'months', 0, 60);
    const year = int(args, 'year', 1, 9999);
    if (months !== undefined && year !== undefined) throw new UsageError('give --months or --year, not both');
    const period: MonthlyUsagePeriod = year !== undefined ? { year } : months !== undefined ? { months } : {};
    const sent = asSent(bool(args, 'json'));
    // The HTTP client loads only now: a bad flag value is refused without it.
    const { reportingClientFrom } = await import('../_client/clients.js');
    const usage = await reportingClientFrom(io, args).getMonthlyUsage(period, sent.call);
    io.stdout.write(bool(args, 'json') ? sent.text(usage) : monthlyTable(usage, outputWidth(io), styleFor(io.stdout, io.env)));
    return 0;
  },
};
