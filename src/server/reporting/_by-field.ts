import { compareText } from '../../core/index.js';
import type { KeyField, KeyFieldValue } from '../../model/index.js';
import { fieldValue } from '../../model/index.js';
import { addSums, newSums, slices, spendOf, tokenGroup, tokensOf } from './_sums.js';

interface Group {
  label: string | null;
  value: KeyFieldValue | null;
  keys: number;
  sums: Float64Array;
}

/**
 * Usage grouped by one key field (spec OrgKeyFieldUsage): select options in schema order, boolean
 * true then false (each even when empty), text values by spend; the no-value group last, only when
 * some key has no value. Keys are grouped by the values they hold now; deleted keys hold none.
 */
export function groupByField(
  field: KeyField,
  keys: ReadonlyArray<{ fields: Record<string, KeyFieldValue>; slot: number }>,
  keySums: Float64Array,
) {
  const groups: Group[] = [];
  const byValue = new Map<string, Group>();
  const add = (label: string | null, value: KeyFieldValue | null) => {
    const g: Group = { label, value, keys: 0, sums: newSums() };
    groups.push(g);
    if (value !== null) byValue.set(JSON.stringify(value), g);
    return g;
  };
  if (field.type === 'select') for (const o of field.options ?? []) add(o.label, o.key);
  if (field.type === 'boolean') {
    add('Yes', true);
    add('No', false);
  }
  const textGroups: Group[] = [];
  let none: Group | undefined;
  for (const k of keys) {
    const v = fieldValue(k.fields, field.key);
    let g = v === undefined ? undefined : byValue.get(JSON.stringify(v));
    if (!g && field.type === 'text' && typeof v === 'string') {
      g = { label: v, value: v, keys: 0, sums: newSums() };
      byValue.set(JSON.stringify(v), g);
      textGroups.push(g);
    }
    if (!g) g = none ??= { label: null, value: null, keys: 0, sums: newSums() };
    g.keys++;
    addSums(g.sums, 0, keySums, k.slot);
  }
  textGroups.sort((a, b) => spendOf(b.sums) - spendOf(a.sums) || tokensOf(b.sums) - tokensOf(a.sums) || compareText(String(a.value), String(b.value)));
  const ordered = [...groups, ...textGroups, ...(none ? [none] : [])];
  return {
    key: field.key,
    display_name: field.display_name,
    type: field.type,
    groups: ordered.map((g) => ({
      key_count: g.keys,
      ...tokenGroup(g.sums),
      ...slices(g.sums),
      label: g.label,
      value: g.value,
    })),
  };
}
