import { Decimal } from '../../money/index.js';
import type { Column } from '../_columns.js';
import type { CostContext } from '../_context.js';
import { columnSum, writeSimpleTable } from '../_simple-table.js';
import { TOKEN_COLUMNS, tokenBuckets } from '../_tokens.js';
import type { KeyUsageInput } from '../types.js';

function usdTotal(items: Array<{ spend_usd: Decimal }>): number {
  return items.reduce((a, m) => a.plus(m.spend_usd), new Decimal(0)).toNumber();
}

/** Models: the organization-wide roll-up per model over the period (USD; hosted models spend 0). */
export async function writeModelsSheet(ctx: CostContext, usage: KeyUsageInput): Promise<void> {
  const { w } = ctx;
  const models = usage.totals.models;
  const columns: Column[] = [
    { header: w('columns.model'), kind: 'text' },
    { header: w('columns.hosted'), kind: 'text' },
    { header: w('columns.usd'), kind: 'usd' },
    ...TOKEN_COLUMNS.map((k) => ({ header: w(`columns.${k}`), kind: 'int' as const })),
  ];
  const rows = models.map((m) => [m.model, m.service_hosted === undefined ? '' : w(m.service_hosted ? 'yes' : 'no'), m.spend_usd.toNumber(), ...tokenBuckets(m)]);
  await writeSimpleTable(ctx.wb, ctx.styles, {
    name: ctx.layout.sheets.models,
    tableName: 'Models',
    print: ctx.page,
    columns,
    rows,
    totals: { label: w('total'), sums: columns.map((_, j) => (j === 2 ? usdTotal(models) : j > 2 ? (columnSum(rows, j) ?? 0) : undefined)) },
    notes: [w('notes.modelsBelowTotals')],
  });
}

/** Providers: spend and tokens per upstream provider over the period. */
export async function writeProvidersSheet(ctx: CostContext, usage: KeyUsageInput): Promise<void> {
  const { w } = ctx;
  const providers = usage.totals.providers ?? [];
  const columns: Column[] = [
    { header: w('columns.provider'), kind: 'text' },
    { header: w('columns.usd'), kind: 'usd' },
    ...TOKEN_COLUMNS.map((k) => ({ header: w(`columns.${k}`), kind: 'int' as const })),
  ];
  const rows = providers.map((p) => [p.provider, p.spend_usd.toNumber(), ...tokenBuckets(p)]);
  await writeSimpleTable(ctx.wb, ctx.styles, {
    name: ctx.layout.sheets.providers,
    tableName: 'Providers',
    print: ctx.page,
    columns,
    rows,
    totals: { label: w('total'), sums: columns.map((_, j) => (j === 1 ? usdTotal(providers) : j > 1 ? (columnSum(rows, j) ?? 0) : undefined)) },
    notes: [w('notes.providersHosted')],
  });
}
