import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { generateDataset, startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { call, orgToken, SAMPLES } from './_helpers.js';

const root = mkdtempSync(join(tmpdir(), 'svc-ds-'));
let s: ReferenceServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const copy = () => {
  const dir = join(root, String(n++));
  cpSync(SAMPLES, dir, { recursive: true });
  return dir;
};

describe('--today', () => {
  it('moves the period rules and the current-month estimate', async () => {
    s = await startReferenceServer({ today: '2026-10-15' });
    expect(s.today).toBe('2026-10-15');
    const t = orgToken('org-nordlys');
    const ku = await call(s.url, '/api/orgs/org-nordlys/key-usage', { token: t });
    expect([ku.json.start_date, ku.json.end_date]).toEqual(['2026-10-01', '2026-10-15']);
    const mu = await call(s.url, '/api/orgs/org-nordlys/monthly-usage?months=2', { token: t });
    expect(mu.json.months.map((m: { month: string }) => m.month)).toEqual(['2026-09-01', '2026-10-01']);
    expect(mu.json.months[1].days).toHaveLength(15);
    expect(mu.json.months[1].rate_estimated).toBe(false); // October's rate is stored
  });
  it('refuses a malformed today', async () => {
    await expect(startReferenceServer({ today: '2026-02-30' })).rejects.toThrow(/not a YYYY-MM-DD date/);
  });
});

describe('a broken dataset stops the start, naming the file and the place', () => {
  it('a usage row with an unknown key stops the start, naming usage.csv and the line', async () => {
    const dir = copy();
    appendFileSync(join(dir, 'orgs/org-nordlys/usage.csv'), '2026-11-20,key-nope,gpt-4.1,1,1,0,0,1,5\n');
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(/usage\.csv: line \d+: key_id "key-nope" is not a key of the organization/);
  });
  it('a negative or fractional figure is refused', async () => {
    const dir = copy();
    appendFileSync(join(dir, 'orgs/org-nordlys/usage.csv'), '2026-11-20,key-nl-001,gpt-4.1,1,1,0,0,1,0.5\n');
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(/column 9 must be a non-negative integer/);
  });
  it('an org file with a bad field names the field', async () => {
    const dir = copy();
    const file = join(dir, 'orgs/org-nordlys/org.json');
    const org = JSON.parse(readFileSync(file, 'utf8'));
    org.keys[2].product = 'gold';
    writeFileSync(file, JSON.stringify(org));
    await expect(startReferenceServer({ dataDir: dir })).rejects.toThrow(/org\.json: keys\[2\]\.product/);
  });
  it('a truncated usage.bin is refused', async () => {
    const g = generateDataset({ orgs: 1, keysPerOrg: 3, months: 2, seed: 't', out: join(root, 'gen') });
    const file = join(g.dir, 'orgs/org-00001/usage.bin');
    writeFileSync(file, readFileSync(file).subarray(0, -8));
    await expect(startReferenceServer({ dataDir: g.dir })).rejects.toThrow(/usage\.bin: header: size does not match \d+ rows/);
  });
  it('a missing dataset.json fails at start', async () => {
    await expect(startReferenceServer({ dataDir: join(root, 'nothing-here') })).rejects.toThrow(/dataset\.json: \$: file not found/);
  });
});
