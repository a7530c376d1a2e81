import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { generateDataset } from '../../src/server/index.js';
import { startReferenceServer } from '../../src/server/index.js';
import { Decimal } from 'decimal.js';
import { call } from './_helpers.js';

const root = mkdtempSync(join(tmpdir(), 'svc-gen-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function digest(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, name.name);
      if (name.isDirectory()) walk(p);
      else h.update(p.slice(dir.length)).update(readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

describe('svc samples generate', () => {
  const opts = { orgs: 3, keysPerOrg: 20, months: 4, seed: 'abc' };
  it('gives the same bytes for the same seed and different bytes for another seed', () => {
    const a = generateDataset({ ...opts, out: join(root, 'a') });
    const b = generateDataset({ ...opts, out: join(root, 'b') });
    const c = generateDataset({ ...opts, seed: 'abd', out: join(root, 'c') });
    expect(a.usageRows).toBeGreaterThan(100);
    expect(a.invoices).toBe(9);
    expect(digest(a.dir)).toBe(digest(b.dir));
    expect(digest(c.dir)).not.toBe(digest(a.dir));
  });

  it('refuses a non-empty --out and leaves it alone', () => {
    expect(() => generateDataset({ ...opts, out: join(root, 'a') })).toThrow(/not empty/);
    expect(readdirSync(join(root, 'a'))).toContain('dataset.json');
  });

  it('is served by the reference server: invoices validate and key usage adds up', async () => {
    const dir = join(root, 'a');
    const tokens = JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8'));
    const s = await startReferenceServer({ dataDir: dir });
    try {
      const t = tokens.orgs[1];
      const inv = await call(s.url, `/api/orgs/${t.org_id}/invoices`, { token: t.token });
      expect(inv.status).toBe(200);
      expect(inv.json).toHaveLength(3);
      const ku = await call(s.url, `/api/orgs/${t.org_id}/key-usage?months=3`, { token: t.token });
      expect(ku.status).toBe(200);
      expect(ku.json.keys.length).toBeGreaterThan(15);
      const sum = ku.json.keys.reduce((a: Decimal, k: { spend_usd: string }) => a.plus(k.spend_usd), new Decimal(0));
      expect(sum.toFixed()).toBe(new Decimal(ku.json.totals.spend_usd).toFixed());
    } finally {
      await s.close();
    }
  });

  it('the columnar usage.bin and usage.csv of the same seed give identical answers', async () => {
    const bin = generateDataset({ ...opts, out: join(root, 'fmt-bin') });
    const csv = generateDataset({ ...opts, format: 'csv', out: join(root, 'fmt-csv') });
    expect(readdirSync(join(bin.dir, 'orgs', 'org-00001'))).toContain('usage.bin');
    expect(readdirSync(join(csv.dir, 'orgs', 'org-00001'))).toContain('usage.csv');
    const tokens = JSON.parse(readFileSync(join(bin.dir, 'tokens.json'), 'utf8'));
    const a = await startReferenceServer({ dataDir: bin.dir });
    const b = await startReferenceServer({ dataDir: csv.dir });
    try {
      for (const t of tokens.orgs) {
        for (const p of ['key-usage?months=4', 'key-usage?month=2026-09', 'monthly-usage?months=4']) {
          const [x, y] = await Promise.all([a, b].map((s) => call(s.url, `/api/orgs/${t.org_id}/${p}`, { token: t.token })));
          expect(x!.status, x!.text).toBe(200);
          expect(x!.text).toBe(y!.text);
        }
      }
      const k = tokens.api_keys[0];
      const [x, y] = await Promise.all([a, b].map((s) => call(s.url, '/user/daily/activity?start_date=2026-08-01&end_date=2026-11-20', { token: k.api_key })));
      expect(x!.json.results.length).toBe(112);
      expect(x!.text).toBe(y!.text);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
