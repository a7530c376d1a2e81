// Issue 25 (4): "a model with no product is offered to nobody" (spec §2, ModelProduct). The bundled
// samples give text-embedding-3-small product null and put it on org-nordlys's allow-list; here a
// copy also puts it on partner key key-nl-010, and a second copy gives it a product: the same calls
// then list it, so the product is what keeps it out.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { call } from './_helpers.js';
import { PARTNER_TOKEN, SAMPLES, apiKey, svc } from '../_harness/index.js';

const root = mkdtempSync(join(tmpdir(), 'svc-product-'));
let s: ReferenceServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MODEL = 'text-embedding-3-small';
const KEY = 'key-nl-001';
const PARTNER_KEY = 'key-nl-010';

interface RawModel { id: string; product: string | null; offered?: boolean }

/** What the data says the key may use: its own list or its organization's allow-list, of models offered with a product. */
function expectedModels(dir: string): string[] {
  const meta = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as { models: RawModel[] };
  const org = JSON.parse(readFileSync(join(dir, 'orgs/org-nordlys/org.json'), 'utf8')) as { allowed_models: string[]; keys: Array<{ id: string; models?: string[] }> };
  const own = org.keys.find((k) => k.id === KEY)!.models ?? [];
  const list = own.length ? own : org.allowed_models;
  return list.filter((id) => meta.models.some((m) => m.id === id && m.offered !== false && m.product !== null));
}

/** The samples with MODEL on partner key key-nl-010 and, when given, `product` set on MODEL. */
function copy(name: string, product?: string): string {
  const dir = join(root, name);
  cpSync(SAMPLES, dir, { recursive: true });
  const orgFile = join(dir, 'orgs/org-nordlys/org.json');
  const org = JSON.parse(readFileSync(orgFile, 'utf8'));
  org.keys.find((k: { id: string }) => k.id === PARTNER_KEY).models.push(MODEL);
  writeFileSync(orgFile, JSON.stringify(org, null, 2));
  if (product) {
    const file = join(dir, 'dataset.json');
    const meta = JSON.parse(readFileSync(file, 'utf8'));
    meta.models.find((m: RawModel) => m.id === MODEL).product = product;
    writeFileSync(file, JSON.stringify(meta, null, 2));
  }
  return dir;
}

async function partnerKey(url: string) {
  const st = (await call(url, '/api/partner/status', { token: PARTNER_TOKEN })).json;
  return st.customers.flatMap((c: any) => c.keys).find((k: any) => k.id === PARTNER_KEY);
}

async function offered(url: string) {
  const info = await call(url, '/v1/model/info', { token: apiKey(KEY) });
  const key = await call(url, '/key/info', { token: apiKey(KEY) });
  const partner = await call(url, '/api/partner/status', { token: PARTNER_TOKEN });
  const nordlys = partner.json.customers.find((c: any) => c.customer.org_id === 'org-nordlys');
  const cli = await svc(['models', '--json'], { env: { SVC_GATEWAY_URL: url, SVC_API_KEY: apiKey(KEY), SVC_CONFIG_DIR: join(root, 'cfg') } });
  expect(cli.code).toBe(0);
  return {
    modelInfo: info.json.data.map((m: { model_name: string }) => m.model_name) as string[],
    keyInfo: key.json.info.models as string[],
    partnerAllowed: nordlys.allowed_models.map((m: { id: string }) => m.id) as string[],
    cli: JSON.parse(cli.stdout).map((m: { model: string }) => m.model) as string[],
  };
}

describe('a model with no product', () => {
  it('is not in /v1/model/info, /key/info models, the partner status allowed_models nor svc models', async () => {
    const meta = JSON.parse(readFileSync(join(SAMPLES, 'dataset.json'), 'utf8')) as { models: RawModel[] };
    expect(meta.models.find((m) => m.id === MODEL)!.product).toBeNull(); // the premise, from the data
    const dir = copy('no-product');
    s = await startReferenceServer({ dataDir: dir });
    const got = await offered(s.url);
    const want = expectedModels(dir);
    expect(want).not.toContain(MODEL);
    expect(got.modelInfo).toEqual(want);
    expect(got.keyInfo).toEqual(want);
    expect([...got.cli].sort()).toEqual([...want].sort());
    expect(got.partnerAllowed).not.toContain(MODEL);
    // A partner key that still has it lists it as no longer offered, not as an extra it may keep.
    const k = await partnerKey(s.url);
    expect(k.models).toContain(MODEL);
    expect(k.no_longer_offered).toEqual([MODEL]);
    expect(k.extra).not.toContain(MODEL);
  });

  it('is offered again once the dataset gives it a product', async () => {
    const dir = copy('with-product', 'core');
    s = await startReferenceServer({ dataDir: dir });
    const got = await offered(s.url);
    const want = expectedModels(dir);
    expect(want).toContain(MODEL);
    expect(got.modelInfo).toEqual(want);
    expect(got.keyInfo).toEqual(want);
    expect(got.cli).toContain(MODEL);
    expect(got.partnerAllowed).toContain(MODEL);
    const k = await partnerKey(s.url);
    expect(k.no_longer_offered).toEqual([]);
    expect(k.extra).toContain(MODEL);
  });
});
