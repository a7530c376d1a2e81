import type { Column } from '../_columns.js';
import type { CostContext } from '../_context.js';
import { writeSimpleTable } from '../_simple-table.js';

/** Key fields: usage grouped by each key field's values (the API's by_field groups), with key counts. */
export async function writeKeyFieldsSheet(ctx: CostContext): Promise<void> {
  const { w } = ctx;
  const byField = ctx.data.keyUsage.totals.by_field ?? [];
  const columns: Column[] = [
    { header: w('columns.field'), kind: 'text' },
    { header: w('columns.value'), kind: 'text' },
    { header: w('columns.keyCount'), kind: 'int' },
    { header: w('columns.usd'), kind: 'usd' },
    { header: w('columns.totalTokens'), kind: 'int' },
    { header: w('columns.requests'), kind: 'int' },
    { header: w('columns.hostedTokens'), kind: 'int' },
    { header: w('columns.externalTokens'), kind: 'int' },
  ];
  const rows = byField.flatMap((f) =>
    f.groups.map((g) => {
      const label = g.label ?? (g.value === null || g.value === undefined ? w('noValue') : typeof g.value === 'boolean' ? w(g.value ? 'yes' : 'no') : g.value);
      return [f.display_name, label, g.key_count, g.spend_usd.toNumber(), g.total_tokens, g.request_count, g.service.total_tokens, g.external.total_tokens];
    }),
  );
  await writeSimpleTable(ctx.wb, ctx.styles, {
    name: ctx.layout.sheets.keyFields,
    tableName: 'KeyFields',
    columns,
    rows,
    notes: [byField.length ? w('notes.keyFieldsGroups') : w('notes.noKeyFields')],
  });
}
