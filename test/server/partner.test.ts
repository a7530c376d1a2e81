import { describe, expect, it } from 'vitest';
import { PartnerStatusSchema } from '../../src/model/index.js';
import { call } from './_helpers.js';
import { PARTNER_TOKEN, useReferenceServer } from '../_harness/index.js';

const s = useReferenceServer();

describe('partner status', () => {
  it('checks every partner key against its profile, the allow-list and the catalog', async () => {
    const r = await call(s.url, '/api/partner/status', { token: PARTNER_TOKEN });
    expect(r.status).toBe(200);
    const st = PartnerStatusSchema.parse(r.json);
    expect(st).toMatchObject({ org_id: 'org-bifrost', name: 'Bifrost Partners ApS', key_count: 4, keys_missing_recommended: 1 });
    const [chat, vault] = st.profiles;
    // the following profile recommends every offered router model (withdrawn claude-haiku-3.5 is not)
    expect(chat).toMatchObject({ name: 'Chat', follows_router: true, key_count: 2, recommended: ['gpt-4.1', 'gpt-4.1-mini', 'claude-sonnet-4', 'mistral-large'] });
    expect(vault).toMatchObject({ name: 'Vault', follows_router: false, key_count: 2, recommended: ['svc-chat-large', 'gpt-4.1-mini'] });
    expect(st.customers.map((c) => c.customer)).toEqual([
      { org_id: 'org-nordlys', name: 'Nordlys Analytics ApS', key_count: 2 },
      { org_id: 'org-kattegat', name: 'Kattegat Data A/S', key_count: 2 },
    ]);
    const key = (id: string) => st.customers.flatMap((c) => c.keys).find((k) => k.id === id)!;
    expect(key('key-nl-010')).toMatchObject({
      has_recommended: false, missing_recommended: ['claude-sonnet-4', 'mistral-large'], not_allowed: [], extra: ['svc-chat-large'], no_longer_offered: [], locked: false,
    });
    expect(key('key-nl-011')).toMatchObject({ has_recommended: true, missing_recommended: [], extra: [], no_longer_offered: ['claude-haiku-3.5'], locked: true, profile_name: 'Vault' });
    expect(key('kattegat-b01')).toMatchObject({ has_recommended: true, missing_recommended: [], not_allowed: ['mistral-large'], extra: [] });
    const nordlysModels = st.customers[0]!.allowed_models;
    expect(nordlysModels.find((m) => m.id === 'gpt-4.1-mini')).toEqual({ id: 'gpt-4.1-mini', name: 'GPT-4.1 mini', product: 'router', connect: true });
    // samples/dataset.json gives text-embedding-3-small no product: offered to nobody (spec §2, ModelProduct).
    expect(nordlysModels.map((m) => m.id)).not.toContain('text-embedding-3-small');
  });
});
