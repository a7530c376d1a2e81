import type { Command } from './_command.js';
import { bool, choice } from './_args.js';
import { keyCommandOptions } from './_gateway/key-command-options.js';
import { USAGE_PERIODS } from './_usage/period.js';
import { timeoutOption } from './_timeout.js';

/** `svc usage`: the key's usage over a period of the service's UTC days (see _usage/whose-today.ts). */
export const usageCommand: Command = {
  name: 'usage',
  summary: "Show the key's usage and cost per model for a period",
  about:
    'INPUT is the input not read from the prompt cache (cache writes count in it), so INPUT + CACHE READ is all input tokens. ' +
    'Usage the service recorded without a model is its own row, "(no model)"; the TOTAL is the key\'s own total, and the costs ' +
    'shown are rounded so the rows add up to it (exact costs with --json).',
  usage: 'usage [--period today|week|month|last-month] [--all] [--json]',
  examples: ['svc usage', 'svc usage --period last-month', 'svc usage --all --period week', 'svc usage --json'],
  options: {
    period: { type: 'string', valueName: 'PERIOD', description: 'today, week (7 days), month (default) or last-month' },
    all: { type: 'boolean', description: 'one row per saved key, with a total' },
    json: { type: 'boolean', description: 'exact costs and every token bucket (uncached input, cache writes, cache reads, output), as JSON' },
    ...keyCommandOptions,
    ...timeoutOption,
  },
  async run(io, args) {
    const period = choice(args, 'period', USAGE_PERIODS) ?? 'month';
    // The gateway client and the tables load only now: a bad --period is refused without them.
    if (bool(args, 'all')) return (await import('./_usage/all-keys.js')).usageOfAllKeys(io, args, period, bool(args, 'json'));
    return (await import('./_usage/one-key.js')).oneKey(io, args, period, bool(args, 'json'));
  },
};
