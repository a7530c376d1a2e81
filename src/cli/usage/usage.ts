import type { Command } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { keyCommandOptions } from '../_gateway/key-command-options.js';
import { usageRequestFromFlags } from './_usage-request.js';
import { timeoutOption } from '../_program/timeout.js';

/** `svc usage`: the key's usage over a period of the service's UTC days (see _usage/whose-today.ts). */
export const usageCommand: Command = {
  name: 'usage',
  summary: "Show the key's usage and cost per model for a period",
  about:
    'INPUT is the input not read from the prompt cache (cache writes count in it), so INPUT + CACHE READ is all input tokens. ' +
    'Usage the service recorded without a model is its own row, "(no model)"; the TOTAL is the key\'s own total, and the costs ' +
    'shown are rounded so the rows add up to it (exact costs with --json). One period at most: --period, --month, or --since ' +
    '(with --until, else up to today); days are UTC, and a range longer than 366 days is asked in parts.',
  usage: 'usage [--period today|week|month|last-month] [--month YYYY-MM] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--all] [--json]',
  examples: ['svc usage', 'svc usage --period last-month', 'svc usage --month 2026-10', 'svc usage --since 2026-01-01 --until 2026-06-30', 'svc usage --all --period week', 'svc usage --json'],
  options: {
    period: { type: 'string', valueName: 'PERIOD', description: 'today, week (7 days), month (default) or last-month' },
    month: { type: 'string', valueName: 'YYYY-MM', description: 'one calendar month (a current month up to today)' },
    since: { type: 'string', valueName: 'YYYY-MM-DD', description: 'first day of a range of any length (UTC)' },
    until: { type: 'string', valueName: 'YYYY-MM-DD', description: 'last day of the range (default today)' },
    all: { type: 'boolean', description: 'one row per saved key, with a total' },
    json: { type: 'boolean', description: 'exact costs and every token bucket (uncached input, cache writes, cache reads, output), as JSON' },
    ...keyCommandOptions,
    ...timeoutOption,
  },
  async run(io, args) {
    const period = usageRequestFromFlags(args);
    // The gateway client and the tables load only now: a bad period flag is refused without them.
    if (bool(args, 'all')) return (await import('./_all-keys.js')).usageOfAllKeys(io, args, period, bool(args, 'json'));
    return (await import('./_one-key.js')).oneKey(io, args, period, bool(args, 'json'));
  },
};
