import type { Command } from '../_program/command.js';
import { choice, int, str } from '../_program/args.js';
import { UsageError } from '../_program/usage-error.js';
import { InvalidArgumentError } from '../../core/index.js';

/** `svc samples generate`: a synthetic dataset for load tests and benchmarks (same seed, same bytes). */
export const generateCommand: Command = {
  name: 'generate',
  summary: 'Write a synthetic dataset for the reference server (same seed, same files)',
  usage: 'samples generate --orgs N --keys-per-org K --months M --seed S --out DIR\n         [--today YYYY-MM-DD] [--invoices-per-org N] [--format bin|csv]',
  examples: [
    'svc samples generate --orgs 1 --keys-per-org 10000 --months 24 --seed bench --out ./data-10k',
    'svc samples generate --orgs 1000 --keys-per-org 50 --months 4 --seed bench --out ./data-1000',
  ],
  options: {
    orgs: { type: 'string', description: 'number of organizations', valueName: 'N' },
    'keys-per-org': { type: 'string', description: 'API keys per organization', valueName: 'K' },
    months: { type: 'string', description: 'months of daily usage, the current one last', valueName: 'M' },
    seed: { type: 'string', description: 'any text; the same seed gives the same dataset', valueName: 'S' },
    out: { type: 'string', description: 'new (or empty) folder to write', valueName: 'DIR' },
    today: { type: 'string', description: "the dataset's today (default 2026-11-20)", valueName: 'YYYY-MM-DD' },
    format: { type: 'string', description: 'usage files: bin (columnar, default) or csv', valueName: 'bin|csv' },
    'invoices-per-org': { type: 'string', description: 'invoices per org (default: min(3, months - 1))', valueName: 'N' },
  },
  async run(io, args) {
    const need = (name: string, min: number, max: number) => {
      const v = int(args, name, min, max);
      if (v === undefined) throw new UsageError(`--${name} is required`);
      return v;
    };
    const orgs = need('orgs', 1, 100_000);
    const keysPerOrg = need('keys-per-org', 0, 1_000_000);
    const months = need('months', 1, 120);
    const seed = str(args, 'seed');
    if (seed === undefined || seed === '') throw new UsageError('--seed is required');
    const out = str(args, 'out');
    if (!out) throw new UsageError('--out is required');
    const today = str(args, 'today');
    if (today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UsageError(`--today must be YYYY-MM-DD (got "${today}")`);
    const invoicesPerOrg = int(args, 'invoices-per-org', 0, 120);
    const format = choice(args, 'format', ['bin', 'csv'] as const);
    // The generator loads only now: a bad flag value is refused without it.
    const { generateDataset } = await import('../../server/index.js');
    let s;
    try {
      s = generateDataset({ orgs, keysPerOrg, months, seed, out, ...(today ? { today } : {}), ...(invoicesPerOrg !== undefined ? { invoicesPerOrg } : {}), ...(format ? { format } : {}) });
    } catch (e) {
      if (e instanceof InvalidArgumentError) throw new UsageError(`--${e.argument} ${e.reason}`);
      throw e;
    }
    io.stdout.write(`${s.dir}: ${s.orgs} organizations, ${s.keys} keys, ${s.usageRows} usage rows, ${s.invoices} invoices\n`);
    return 0;
  },
};
