import type { KeyField, KeyFieldValue, OrgKeyUsage } from '../../model/index.js';
import { fieldValue } from '../../model/index.js';
import { csvCell } from '../../core/csv/index.js';
import { csvText } from './_csv.js';

function fieldText(field: KeyField, value: KeyFieldValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (field.type === 'select') return field.options?.find((o) => o.key === value)?.label ?? String(value);
  return String(value);
}

/**
 * Key usage as RFC 4180 CSV: one row per key with exact figures (spend as the API's decimal, tokens
 * as integers), the hosted/external split, and one column per key field (select fields by label).
 */
export function keysCsv(usage: OrgKeyUsage): string {
  const fields = usage.key_fields ?? [];
  const header = [
    'key_id', 'name', 'key_prefix', 'product', 'recipient_email', 'spend_usd', 'request_count',
    'prompt_tokens', 'completion_tokens', 'total_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens',
    'service_total_tokens', 'external_total_tokens', ...fields.map((f) => `field:${f.key}`),
  ].map((h) => csvCell(h));
  const rows = usage.keys.map((k) => [
    csvCell(k.id),
    csvCell(k.name),
    csvCell(k.key_prefix),
    csvCell(k.product ?? ''),
    csvCell(k.recipient_email ?? ''),
    csvCell(k.spend_usd.toFixed(), 'number'),
    csvCell(k.request_count, 'number'),
    csvCell(k.prompt_tokens, 'number'),
    csvCell(k.completion_tokens, 'number'),
    csvCell(k.total_tokens, 'number'),
    csvCell(k.cache_read_input_tokens ?? 0, 'number'),
    csvCell(k.cache_creation_input_tokens ?? 0, 'number'),
    csvCell(k.service?.total_tokens, 'number'),
    csvCell(k.external?.total_tokens, 'number'),
    ...fields.map((f) => csvCell(fieldText(f, fieldValue(k.fields, f.key)))),
  ]);
  return csvText([header, ...rows]);
}
