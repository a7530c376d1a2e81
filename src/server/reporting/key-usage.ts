import { compareText } from '../../core/index.js';
import type { Dataset, OrgData } from '../dataset/dataset.js';
import { rowRange } from '../dataset/usage-table.js';
import { formatDay } from '../_days.js';
import { addRow, addSums, newSums, slices, spendOf, tokenGroup, tokensOf, SUM_WIDTH } from './_sums.js';
import { groupByField } from './_by-field.js';
import { inDisplayOrder } from './_key-fields.js';

const DELETED_NAME = '(deleted key)';

/**
 * OrgKeyUsage for days first..last (already resolved and clamped): every live key created by the
 * end of the period and every deleted key that spent in it, highest spend first; totals, models,
 * providers, the service/external split and by_field groups, all summed from the raw rows.
 */
export async function buildKeyUsage(ds: Dataset, org: OrgData, first: number, last: number) {
  const t = await ds.usage(org);
  const keys = org.raw.keys;
  const models = ds.models;
  const nModels = models.length;
  const hosted = models.map((m) => m.service_hosted);
  const keySums = newSums(keys.length);
  const active = new Uint8Array(keys.length);
  // Per key and model sums in one flat array (keys × models × SUM_WIDTH): no per-row allocation.
  const keyModelSums = newSums(keys.length * nModels);
  const keyModelUsed = new Uint8Array(keys.length * nModels);
  const totals = newSums();
  const [from, to] = rowRange(t, first, last);
  for (let r = from; r < to; r++) {
    const k = t.key[r]!, m = t.model[r]!;
    const h = m >= 0 && hosted[m]!;
    addRow(keySums, k, t, r, h);
    active[k] = 1;
    if (m >= 0) {
      const id = k * nModels + m;
      keyModelUsed[id] = 1;
      addRow(keyModelSums, id, t, r, h);
    }
  }
  const modelTotals = newSums(nModels);
  const perKeyModels = new Map<number, number[]>();
  for (let id = 0; id < keyModelUsed.length; id++) {
    if (!keyModelUsed[id]) continue;
    const k = Math.floor(id / nModels), m = id % nModels;
    addSums(modelTotals, m, keyModelSums, id);
    const list = perKeyModels.get(k) ?? [];
    list.push(m);
    perKeyModels.set(k, list);
  }

  const deletedBy = (i: number) => org.deletedDay[i]! <= ds.today;
  const listed: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (active[i]) listed.push(i);
    else if (!deletedBy(i) && org.createdDay[i]! <= last) listed.push(i);
  }
  for (const i of listed) addSums(totals, 0, keySums, i);
  const nameOf = (i: number) => (deletedBy(i) ? keys[i]!.alias ?? DELETED_NAME : keys[i]!.name);
  listed.sort((a, b) =>
    spendOf(keySums, b) - spendOf(keySums, a) || tokensOf(keySums, b) - tokensOf(keySums, a) ||
    compareText(nameOf(a), nameOf(b)) || compareText(keys[a]!.id, keys[b]!.id));

  const modelEntry = (m: number, sums: Float64Array, slot: number) => ({
    model: models[m]!.id,
    ...tokenGroup(sums, slot),
    service_hosted: models[m]!.service_hosted,
  });
  const byModelOrder = (sums: Float64Array, slotOf: (m: number) => number) => (a: number, b: number) =>
    spendOf(sums, slotOf(b)) - spendOf(sums, slotOf(a)) || tokensOf(sums, slotOf(b)) - tokensOf(sums, slotOf(a)) ||
    compareText(models[a]!.id, models[b]!.id);

  const entries = listed.map((i) => {
    const key = keys[i]!;
    const deleted = deletedBy(i);
    const ms = perKeyModels.get(i) ?? [];
    const base = i * nModels;
    ms.sort(byModelOrder(keyModelSums, (m) => base + m));
    return {
      id: key.id,
      name: nameOf(i),
      key_prefix: key.key_prefix,
      ...tokenGroup(keySums, i),
      models: ms.map((m) => modelEntry(m, keyModelSums, base + m)),
      ...slices(keySums, i),
      fields: deleted ? {} : key.fields,
      product: deleted ? null : key.product,
      ...(deleted ? {} : { recipient_email: key.recipient_email?.trim().toLowerCase() ?? null }),
    };
  });

  const usedModels = models.map((_, m) => m).filter((m) => modelTotals[m * SUM_WIDTH + 3]! > 0 || tokensOf(modelTotals, m) > 0 || spendOf(modelTotals, m) > 0);
  usedModels.sort(byModelOrder(modelTotals, (m) => m));

  const providerNames = [...new Set(usedModels.map((m) => models[m]!.provider))];
  const providerSums = newSums(providerNames.length);
  for (const m of usedModels) addSums(providerSums, providerNames.indexOf(models[m]!.provider), modelTotals, m);
  const providerOrder = providerNames.map((_, i) => i).sort((a, b) =>
    spendOf(providerSums, b) - spendOf(providerSums, a) || tokensOf(providerSums, b) - tokensOf(providerSums, a) ||
    compareText(providerNames[a]!, providerNames[b]!));

  const fieldKeys = listed.map((i) => ({ fields: deletedBy(i) ? {} : keys[i]!.fields, slot: i }));
  const keyFields = org.raw.key_fields.map(inDisplayOrder);
  return {
    org_id: org.raw.org_id,
    start_date: formatDay(first),
    end_date: formatDay(last),
    key_fields: keyFields,
    keys: entries,
    totals: {
      ...tokenGroup(totals),
      models: usedModels.map((m) => modelEntry(m, modelTotals, m)),
      providers: providerOrder.map((p) => ({ provider: providerNames[p]!, ...tokenGroup(providerSums, p) })),
      ...slices(totals),
      by_field: keyFields.map((f) => groupByField(f, fieldKeys, keySums)),
    },
  };
}
