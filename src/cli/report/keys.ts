import type { Command } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { reportingOptions } from '../_client/client-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { keyPeriodFromFlags, keyPeriodOptions } from './_period-flags.js';
import { keysTable } from './_keys-table.js';
import { keysCsv } from './_keys-csv.js';
import { asSent } from './_json.js';

/** `svc report keys`: usage per API key for a period (endpoint 4). */
export const keysCommand: Command = {
  name: 'keys',
  summary: 'Usage and spend per API key for a period (table, JSON or CSV)',
  usage: 'report keys [--month M | --year Y | --months N |\n                   --start-date D --end-date D] [--json | --csv]',
  examples: [
    'svc report keys',
    'svc report keys --month 2026-10',
    'svc report keys --start-date 2024-11-01 --end-date 2026-10-31 --csv',
  ],
  options: {
    ...keyPeriodOptions,
    json: { type: 'boolean', description: 'print the API record as sent (merged when the period took several requests)' },
    csv: { type: 'boolean', description: 'print CSV (RFC 4180), one row per key' },
    ...reportingOptions,
  },
  async run(io, args) {
    if (bool(args, 'json') && bool(args, 'csv')) throw new UsageError('give --json or --csv, not both');
    const period = keyPeriodFromFlags(args);
    const sent = asSent(bool(args, 'json'));
    // The HTTP client loads only now: a bad flag value is refused without it.
    const { reportingClientFrom } = await import('../_client/clients.js');
    const usage = await reportingClientFrom(io, args).getKeyUsage(period, sent.call);
    if (bool(args, 'json')) io.stdout.write(sent.text(usage));
    else if (bool(args, 'csv')) io.stdout.write(keysCsv(usage));
    else io.stdout.write(keysTable(usage, outputWidth(io), styleFor(io.stdout, io.env)));
    return 0;
  },
};
