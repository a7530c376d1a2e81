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
});
