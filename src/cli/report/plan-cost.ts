import type { Command } from '../_program/command.js';
import { bool, choice } from '../_program/args.js';
import { reportingOptions } from '../_client/client-options.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { planCostTable } from './_plan-cost-table.js';
import { asSent } from './_json.js';

/** `svc report plan-cost`: the monthly subscription cost (endpoint 6). */
export const planCostCommand: Command = {
  name: 'plan-cost',
  summary: 'Monthly plan (subscription) cost, in DKK, EUR or USD',
  usage: 'report plan-cost [--currency DKK|EUR|USD] [--json]',
  examples: ['svc report plan-cost', 'svc report plan-cost --currency EUR --json'],
  options: {
    currency: { type: 'string', valueName: 'CODE', description: 'DKK (default), EUR or USD; prices are never converted' },
    json: { type: 'boolean', description: 'print the API record as sent' },
    ...reportingOptions,
  },
  async run(io, args) {
    const currency = choice(args, 'currency', ['DKK', 'EUR', 'USD'] as const);
    const sent = asSent(bool(args, 'json'));
    // The HTTP client loads only now: a bad --currency is refused without it.
    const { reportingClientFrom } = await import('../_client/clients.js');
    const cost = await reportingClientFrom(io, args).getPlanCost(currency, sent.call);
    io.stdout.write(bool(args, 'json') ? sent.text(cost) : planCostTable(cost, outputWidth(io), styleFor(io.stdout, io.env)));
    return 0;
  },
};
