import type { Dataset, OrgData } from '../dataset/dataset.js';
import { rowRange } from '../dataset/usage-table.js';
import { formatDay, parseDay } from '../_days.js';
import { addRow, addSums, newSums, slices, spendOf, tokenGroup, tokensOf, SUM_WIDTH } from './_sums.js';
import { groupByField } from './_by-field.js';

const DELETED_NAME = '(deleted key)';

/** The key's day of creation/deletion as a day number (date part of its UTC timestamp). */
function dayOfStamp(stamp: string): number {
  return parseDay(new Date(stamp).toISOString().slice(0, 10))!;
}

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
  const keyModel = new Map<number, Float64Array>();
  const totals = newSums();
  const [from, to] = rowRange(t, first, last);
  for (let r = from; r < to; r++) {
    const k = t.key[r]!, m = t.model[r]!;
    const h = m >= 0 && hosted[m]!;
    addRow(keySums, k, t, r, h);
    active[k] = 1;
    if (m >= 0) {
      const id = k * nModels + m;
      let s = keyModel.get(id);
      if (!s) keyModel.set(id, (s = newSums()));
      addRow(s, 0, t, r, h);
    }
  }
  const modelTotals = newSums(nModels);
  const perKeyModels = new Map<number, number[]>();
  for (const [id, s] of keyModel) {
    const k = Math.floor(id / nModels), m = id % nModels;
    addSums(modelTotals, m, s, 0);
    const list = perKeyModels.get(k) ?? [];
    list.push(m);
    perKeyModels.set(k, list);
  }

  const deletedBy = (i: number) => keys[i]!.deleted_at !== null && dayOfStamp(keys[i]!.deleted_at!) <= ds.today;
  const listed: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    if (active[i]) listed.push(i);
    else if (!deletedBy(i) && dayOfStamp(keys[i]!.created_at) <= last) listed.push(i);
  }
  for (const i of listed) addSums(totals, 0, keySums, i);
  listed.sort((a, b) =>
    spendOf(keySums, b) - spendOf(keySums, a) || tokensOf(keySums, b) - tokensOf(keySums, a) ||
    keys[a]!.name.localeCompare(keys[b]!.name) || keys[a]!.id.localeCompare(keys[b]!.id));

  const modelEntry = (m: number, sums: Float64Array, slot: number) => ({
    model: models[m]!.id,
    ...tokenGroup(sums, slot),
    service_hosted: models[m]!.service_hosted,
  });
  const byModelOrder = (sums: Float64Array, slotOf: (m: number) => number) => (a: number, b: number) =>
    spendOf(sums, slotOf(b)) - spendOf(sums, slotOf(a)) || tokensOf(sums, slotOf(b)) - tokensOf(sums, slotOf(a)) ||
    models[a]!.id.localeCompare(models[b]!.id);

  const entries = listed.map((i) => {
    const key = keys[i]!;
    const deleted = deletedBy(i);
    const ms = perKeyModels.get(i) ?? [];
    const slotSums = newSums(ms.length);
    ms.forEach((m, j) => addSums(slotSums, j, keyModel.get(i * nModels + m)!, 0));
    const order = ms.map((_, j) => j).sort((a, b) =>
      spendOf(slotSums, b) - spendOf(slotSums, a) || tokensOf(slotSums, b) - tokensOf(slotSums, a) ||
      models[ms[a]!]!.id.localeCompare(models[ms[b]!]!.id));
    return {
      id: key.id,
      name: deleted ? key.alias ?? DELETED_NAME : key.name,
      key_prefix: key.key_prefix,
      ...tokenGroup(keySums, i),
      models: order.map((j) => modelEntry(ms[j]!, slotSums, j)),
      ...slices(keySums, i),
      fields: deleted ? {} : key.fields,
      product: deleted ? null : key.product,
      ...(deleted ? {} : { recipient_email: key.recipient_email }),
    };
  });

  const usedModels = models.map((_, m) => m).filter((m) => modelTotals[m * SUM_WIDTH + 3]! > 0 || tokensOf(modelTotals, m) > 0 || spendOf(modelTotals, m) > 0);
  usedModels.sort(byModelOrder(modelTotals, (m) => m));

  const providerNames = [...new Set(usedModels.map((m) => models[m]!.provider))];
  const providerSums = newSums(providerNames.length);
  for (const m of usedModels) addSums(providerSums, providerNames.indexOf(models[m]!.provider), modelTotals, m);
  const providerOrder = providerNames.map((_, i) => i).sort((a, b) =>
    spendOf(providerSums, b) - spendOf(providerSums, a) || tokensOf(providerSums, b) - tokensOf(providerSums, a) ||
    providerNames[a]!.localeCompare(providerNames[b]!));

  const fieldKeys = listed.map((i) => ({ fields: deletedBy(i) ? {} : keys[i]!.fields, slot: i }));
  return {
    org_id: org.raw.org_id,
    start_date: formatDay(first),
    end_date: formatDay(last),
    key_fields: org.raw.key_fields,
    keys: entries,
    totals: {
      ...tokenGroup(totals),
      models: usedModels.map((m) => modelEntry(m, modelTotals, m)),
      providers: providerOrder.map((p) => ({ provider: providerNames[p]!, ...tokenGroup(providerSums, p) })),
      ...slices(totals),
      by_field: org.raw.key_fields.map((f) => groupByField(f, fieldKeys, keySums)),
    },
  };
}
