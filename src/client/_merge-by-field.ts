import type { KeyFieldGroupUsage, KeyFieldUsage, KeyFieldValue, KeyUsageEntry } from '../model/index.js';
import { fieldValue } from '../model/index.js';
import { bySpend, groupBy, sumSlices, sumSpend, sumTokens } from './_sum.js';

/** Identity of a group's value: `true` (boolean) and `"true"` (text) differ; null is the no-value group. */
export function valueId(v: KeyFieldValue | null | undefined): string {
  return v === null || v === undefined ? 'null' : `${typeof v}:${String(v)}`;
}

/** `parts` latest range first: labels come from the latest. */
function mergeGroups(parts: KeyFieldGroupUsage[], keyCount: number): KeyFieldGroupUsage {
  const latest = parts[0]!;
  const tokens = sumTokens(parts);
  return {
    ...tokens,
    cache_read_input_tokens: tokens.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: tokens.cache_creation_input_tokens ?? 0,
    key_count: keyCount,
    spend_usd: sumSpend(parts),
    service: sumSlices(parts.map((p) => p.service))!,
    external: sumSlices(parts.map((p) => p.external))!,
    ...(latest.label !== undefined ? { label: latest.label } : {}),
    ...(latest.value !== undefined ? { value: latest.value } : {}),
  };
}

/**
 * Merges the by_field lists of successive ranges (oldest first): groups summed by value,
 * key_count counting the distinct merged keys that hold the value now, and the spec's order
 * (select and boolean as the latest range lists them, text by spend, the no-value group last).
 */
export function mergeByField(parts: KeyFieldUsage[][], keys: readonly KeyUsageEntry[]): KeyFieldUsage[] {
  const fields = groupBy([...parts].reverse().flat(), (f) => f.key);
  return [...fields.entries()].map(([fieldKey, versions]) => {
    const latest = versions[0]!;
    const counts = new Map<string, number>();
    for (const k of keys) {
      const id = valueId(fieldValue(k.fields, fieldKey));
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const byValue = groupBy(versions.flatMap((v) => v.groups), (g) => valueId(g.value));
    const merged = [...byValue.entries()].map(([id, gs]) => mergeGroups(gs, counts.get(id) ?? 0));
    const noValue = merged.filter((g) => valueId(g.value) === 'null');
    const groups = merged.filter((g) => valueId(g.value) !== 'null');
    if (latest.type === 'text') groups.sort(bySpend((g) => String(g.value)));
    return { key: latest.key, display_name: latest.display_name, type: latest.type, groups: [...groups, ...noValue] };
  });
}
