import type { Dataset } from '../dataset/dataset.js';
import type { Partner, RawModel } from '../dataset/_schema.js';

/**
 * PartnerStatus computed from the partner's profiles, each customer's allow-list and the keys'
 * models. A following profile recommends every offered router model; a locked one its fixed set.
 * Per key: missing_recommended = recommended ∩ allowed − key; not_allowed = recommended − allowed;
 * no_longer_offered = key's models off the allow-list, withdrawn or without a product (offered to nobody); extra = the key's other models
 * beyond the recommendation (disjoint from no_longer_offered).
 */
export async function buildPartnerStatus(ds: Dataset, partner: Partner) {
  const byId = new Map<string, RawModel>(ds.models.map((m) => [m.id, m]));
  const routerModels = ds.models.filter((m) => ds.offeredModels.has(m.id) && m.product === 'router').map((m) => m.id);
  const profiles = new Map(partner.profiles.map((p) => [p.id, { ...p, recommended: p.follows_router ? routerModels : p.recommended }]));
  const profileCount = new Map<string, number>();
  let keysMissing = 0;
  const customers = [];
  for (const orgId of partner.customers) {
    const org = await ds.org(orgId);
    if (!org) continue;
    const allowed = new Set(org.raw.allowed_models.filter((id) => ds.offeredModels.has(id)));
    const connect = new Set(org.raw.connect_models);
    const keys = [];
    for (const k of org.raw.keys) {
      if (k.deleted_at !== null || k.profile_id === null) continue;
      const profile = profiles.get(k.profile_id);
      if (!profile) continue;
      profileCount.set(profile.id, (profileCount.get(profile.id) ?? 0) + 1);
      const rec = profile.recommended;
      const has = new Set(k.models);
      const missing = rec.filter((m) => allowed.has(m) && !has.has(m));
      const noLonger = k.models.filter((m) => !allowed.has(m));
      if (missing.length) keysMissing++;
      keys.push({
        id: k.id, name: k.name, key_prefix: k.key_prefix, created_at: k.created_at,
        profile_id: profile.id, profile_name: profile.name,
        models: k.models, recommended_models: rec,
        has_recommended: missing.length === 0,
        missing_recommended: missing,
        not_allowed: rec.filter((m) => !allowed.has(m)),
        extra: k.models.filter((m) => !rec.includes(m) && allowed.has(m)),
        no_longer_offered: noLonger,
        locked: !profile.follows_router,
      });
    }
    customers.push({
      customer: { org_id: org.raw.org_id, name: org.raw.name, key_count: keys.length },
      allowed_models: org.raw.allowed_models.filter((id) => allowed.has(id)).map((id) => {
        const m = byId.get(id)!;
        return { id: m.id, name: m.name, product: m.product, connect: connect.has(id) };
      }),
      keys,
    });
  }
  return {
    org_id: partner.org_id,
    name: partner.name,
    key_count: customers.reduce((a, c) => a + c.keys.length, 0),
    keys_missing_recommended: keysMissing,
    profiles: [...profiles.values()].map((p) => ({
      id: p.id, name: p.name, key_count: profileCount.get(p.id) ?? 0, recommended: p.recommended, follows_router: p.follows_router,
    })),
    customers,
  };
}
