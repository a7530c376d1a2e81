// Issue 25 (6): each command does what its own words say. `svc search --json` "prints the results
// as the API sends them" (all of them, unless -n cuts); `svc usage` with a key of no organization
// exits 1, as the CLI README's exit codes say. A dataset with 25 matching search entries, of which
// the reference server sends its documented 20 (server README, Gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { call } from '../server/_helpers.js';
import { SAMPLES, TOKENS, apiKey, svc } from '../_harness/index.js';

const root = mkdtempSync(join(tmpdir(), 'svc-words-'));
let s: ReferenceServer;
const ENTRIES = 25;
/** The reference server's most results per search (server README: "at most 20 results"). */
const SENT = 20;

beforeAll(async () => {
  const dir = join(root, 'data');
  cpSync(SAMPLES, dir, { recursive: true });
  const index = JSON.parse(readFileSync(join(dir, 'search-index.json'), 'utf8')) as unknown[];
  for (let i = 1; i <= ENTRIES; i++) {
    index.push({ title: `Quarterly ledger close ${i}`, url: `https://example.org/ledger/${i}`, snippet: `Closing the books, part ${i}.`, date: '' });
  }
  writeFileSync(join(dir, 'search-index.json'), JSON.stringify(index));
  s = await startReferenceServer({ dataDir: dir });
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

const env = (key: string) => ({ SVC_GATEWAY_URL: s.url, SVC_API_KEY: key, SVC_CONFIG_DIR: join(root, 'cfg') });

describe('svc search', () => {
  it('--json prints every result the API sent; the listing shows 10; -n cuts both', async () => {
    const key = apiKey('key-nl-001');
    const sent = await call(s.url, '/v1/search/service-search', { method: 'POST', token: key, body: { query: 'quarterly ledger' } });
    expect(sent.status).toBe(200);
    expect(sent.json.results).toHaveLength(SENT);

    const json = await svc(['search', '--json', 'quarterly', 'ledger'], { env: env(key) });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(sent.json);

    const listing = await svc(['search', 'quarterly', 'ledger'], { env: env(key) });
    expect(listing.code).toBe(0);
    expect(listing.stdout.match(/^ ?\d+\. /gm)).toHaveLength(10);

    const cut = await svc(['search', '--json', '-n', '12', 'quarterly', 'ledger'], { env: env(key) });
    expect(JSON.parse(cut.stdout).results).toEqual(sent.json.results.slice(0, 12));
  });
});

describe('svc usage with a key of no organization', () => {
  const noOrg = TOKENS.api_keys.find((k) => k.org_id === null)!.api_key;
  it('says so and exits 1, with and without --json', async () => {
    const text = await svc(['usage'], { env: env(noOrg) });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('This key belongs to no organization, so it has no usage to show.');
    const json = await svc(['usage', '--json'], { env: env(noOrg) });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ usage_shared: false, models: null, total: null });
  });
  it('--all with such a key among the saved ones shows its row and exits 1', async () => {
    const cfg = join(root, 'cfg-all');
    mkdirSync(cfg, { mode: 0o700 });
    const profiles = { nordlys: { api_key: apiKey('key-nl-001') }, orphan: { api_key: noOrg } };
    writeFileSync(join(cfg, 'credentials.json'), JSON.stringify({ version: 1, default: 'nordlys', profiles, pins: {} }), { mode: 0o600 });
    const r = await svc(['usage', '--all'], { env: { SVC_GATEWAY_URL: s.url, SVC_CONFIG_DIR: cfg } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^nordlys\s+[\d,]+/m);
    expect(r.stdout).toContain('orphan (sk-');
    expect(r.stdout).toContain('belongs to no organization, so it has no usage.');
  });
  it('a key whose usage is not shared is an answer, not a failure: exit 0', async () => {
    const fjord = TOKENS.api_keys.find((k) => k.key_id === 'key-fl-001')!.api_key;
    const r = await svc(['usage'], { env: env(fjord) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("This key's usage is not shared with its organization");
  });
});
