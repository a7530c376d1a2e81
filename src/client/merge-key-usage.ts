import type { KeyUsageEntry, ModelUsage, OrgKeyUsage, ProviderUsage } from '../model/index.js';
import { mergeByField } from './_merge-by-field.js';
import { bySpend, groupBy, sumSlices, sumSpend, sumTokens } from './_sum.js';

/** Key usage without its keys: what a streamed answer leaves once every key has been handed on. */
export type KeyUsageHead = Omit<OrgKeyUsage, 'keys'> & { keys: [] };

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

/** One key over two ranges (`later` the newer): figures summed, name and fields as of the later range. */
function mergeKey(earlier: KeyUsageEntry, later: KeyUsageEntry): KeyUsageEntry {
  const parts = [earlier, later];
  const service = sumSlices(parts.map((p) => p.service));
  const external = sumSlices(parts.map((p) => p.external));
  const { service: _s, external: _x, ...rest } = later;
  return {
    ...rest,
    spend_usd: sumSpend(parts),
    ...sumTokens(parts),
    models: mergeModels(parts.map((p) => p.models)),
    ...(service ? { service } : {}),
    ...(external ? { external } : {}),
  };
}

/**
 * The one way answers for successive, adjacent ranges become the answer for the whole range,
 * fed a range at a time (a streamed range key by key, then its head): keys by id, models,
 * providers, service/external slices and by_field groups are exact sums (Decimal for spend),
 * key_count counts distinct keys, and lists are re-sorted as the spec orders them. A slice or
 * list is kept only when every range sent it. Ranges come oldest first, or with a `rank` that
 * says where they fall (a later rank is a later range: its names and fields win). Only the
 * merged keys are held.
 */
export class KeyUsageMerger {
  private readonly keys = new Map<string, { key: KeyUsageEntry; rank: number }>();
  private readonly heads: Array<{ head: Omit<OrgKeyUsage, 'keys'>; rank: number }> = [];

  /** Number of ranges added. */
  get ranges(): number {
    return this.heads.length;
  }

  /** One key of the range being added (by default the range after those added so far). */
  addKey(key: KeyUsageEntry, rank = this.heads.length): void {
    const seen = this.keys.get(key.id);
    if (!seen) this.keys.set(key.id, { key, rank });
    else if (seen.rank <= rank) this.keys.set(key.id, { key: mergeKey(seen.key, key), rank });
    else this.keys.set(key.id, { key: mergeKey(key, seen.key), rank: seen.rank });
  }

  /** The rest of the range whose keys were just added. */
  addHead(head: Omit<OrgKeyUsage, 'keys'>, rank = this.heads.length): void {
    const { keys: _k, ...rest } = head as OrgKeyUsage;
    this.heads.push({ head: rest, rank });
  }

  /** A whole range: its keys, then its head. */
  add(part: OrgKeyUsage): void {
    for (const key of part.keys) this.addKey(key);
    this.addHead(part);
  }

  /** Adds every range of `other` at `rank` (Infinity: newer than every other range). */
  absorb(other: KeyUsageMerger, rank: number): void {
    for (const { key } of other.keys.values()) this.addKey(key, rank);
    for (const { head } of other.heads) this.addHead(head, rank);
  }

  /** The merged answer; one range comes back as it was sent (keys in the service's order). */
  result(): OrgKeyUsage {
    if (this.heads.length === 0) throw new RangeError('KeyUsageMerger: no range was added');
    if (this.heads.length === 1) return { ...this.heads[0]!.head, keys: [...this.keys.values()].map((k) => k.key) };
    const heads = [...this.heads].sort((a, b) => a.rank - b.rank).map((h) => h.head);
    const first = heads[0]!;
    const last = heads[heads.length - 1]!;
    const keys = [...this.keys.values()].map((k) => k.key).sort(bySpend((k) => k.name, (k) => k.id));
    const totals = heads.map((p) => p.totals);
    const service = sumSlices(totals.map((t) => t.service));
    const external = sumSlices(totals.map((t) => t.external));
    const providers = totals.every((t) => t.providers) ? mergeProviders(totals.map((t) => t.providers!)) : undefined;
    const byField = totals.some((t) => t.by_field) ? mergeByField(totals.map((t) => t.by_field ?? []), keys) : undefined;
    const keyFields = [...heads].reverse().find((p) => p.key_fields)?.key_fields;
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
}

/**
 * Merges the answers for successive, adjacent ranges (oldest first) into the one answer for the
 * whole range (see `KeyUsageMerger`).
 */
export function mergeKeyUsage(parts: readonly OrgKeyUsage[]): OrgKeyUsage {
  if (parts.length === 0) throw new RangeError('mergeKeyUsage needs at least one range');
  if (parts.length === 1) return parts[0]!;
  const merger = new KeyUsageMerger();
  for (const part of parts) merger.add(part);
  return merger.result();
}
