import type { KeyUsageEntry, ModelUsage, OrgKeyUsage, ProviderUsage } from '../model/index.js';
import { mergeByField } from './_merge-by-field.js';
import { bySpend, groupBy, sumSlices, sumSpend, sumTokens } from './_sum.js';

function mergeModels(lists: ModelUsage[][]): ModelUsage[] {
  const merged = [...groupBy(lists.flat(), (m) => m.model).values()].map((ms) => {
    const hosted = ms.find((m) => m.service_hosted !== undefined)?.service_hosted;
    return { model: ms[0]!.model, spend_usd: sumSpend(ms), ...sumTokens(ms), ...(hosted !== undefined ? { service_hosted: hosted } : {}) };
  });
  return merged.sort(bySpend((m) => m.model));
}

function mergeProviders(lists: ProviderUsage[][]): ProviderUsage[] {
  const merged = [...groupBy(lists.flat(), (p) => p.provider).values()].map((ps) => ({
    provider: ps[0]!.provider,
    spend_usd: sumSpend(ps),
    ...sumTokens(ps),
  }));
  return merged.sort(bySpend((p) => p.provider));
}

/** One key over all ranges (`parts` oldest first): figures summed, name and fields as of the latest range. */
function mergeKey(parts: KeyUsageEntry[]): KeyUsageEntry {
  const latest = parts[parts.length - 1]!;
  const service = sumSlices(parts.map((p) => p.service));
  const external = sumSlices(parts.map((p) => p.external));
  return {
    ...latest,
    spend_usd: sumSpend(parts),
    ...sumTokens(parts),
    models: mergeModels(parts.map((p) => p.models)),
    ...(service ? { service } : {}),
    ...(external ? { external } : {}),
  };
}

/**
 * Merges the answers for successive, adjacent ranges (oldest first) into the one answer for the
 * whole range: keys by id, models, providers, service/external slices and by_field groups are
 * exact sums (Decimal for spend), key_count counts distinct keys, and lists are re-sorted as the
 * spec orders them. A slice or list is kept only when every range sent it.
 */
export function mergeKeyUsage(parts: readonly OrgKeyUsage[]): OrgKeyUsage {
  if (parts.length === 0) throw new RangeError('mergeKeyUsage needs at least one range');
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const keys = [...groupBy(parts.flatMap((p) => p.keys), (k) => k.id).values()].map(mergeKey).sort(bySpend((k) => k.name, (k) => k.id));
  const totals = parts.map((p) => p.totals);
  const service = sumSlices(totals.map((t) => t.service));
  const external = sumSlices(totals.map((t) => t.external));
  const providers = totals.every((t) => t.providers) ? mergeProviders(totals.map((t) => t.providers!)) : undefined;
  const byField = totals.some((t) => t.by_field) ? mergeByField(totals.map((t) => t.by_field ?? []), keys) : undefined;
  const keyFields = [...parts].reverse().find((p) => p.key_fields)?.key_fields;
  return {
    org_id: first.org_id,
    start_date: first.start_date,
    end_date: last.end_date,
    ...(keyFields ? { key_fields: keyFields } : {}),
    keys,
    totals: {
      spend_usd: sumSpend(totals),
      ...sumTokens(totals),
      models: mergeModels(totals.map((t) => t.models)),
      ...(providers ? { providers } : {}),
      ...(service ? { service } : {}),
      ...(external ? { external } : {}),
      ...(byField ? { by_field: byField } : {}),
    },
  };
}
