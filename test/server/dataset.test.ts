import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { generateDataset, startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { Dataset } from '../../src/server/dataset/dataset.js';
import { clockStartingAt, useClock } from '../../src/core/clock.js';
import { call } from './_helpers.js';
import { SAMPLES, tokenOf } from '../_harness/index.js';

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
    const t = tokenOf('org-nordlys');
    const ku = await call(s.url, '/api/orgs/org-nordlys/key-usage', { token: t });
    expect([ku.json.start_date, ku.json.end_date]).toEqual(['2026-10-01', '2026-10-15']);
    const mu = await call(s.url, '/api/orgs/org-nordlys/monthly-usage?months=2', { token: t });
    expect(mu.json.months.map((m: { month: string }) => m.month)).toEqual(['2026-09-01', '2026-10-01']);
    expect(mu.json.months[1].days).toHaveLength(15);
    expect(mu.json.months[1].rate_estimated).toBe(false); // October's rate is stored
  });
  it("says its today in every answer's Date header, at the time of day of svc's clock", async () => {
    s = await startReferenceServer({ today: '2026-10-15' });
    const restore = useClock(clockStartingAt(new Date('2031-07-01T09:30:00Z')));
    try {
      for (const path of ['/api/openapi.json', '/key/info', '/api/orgs/org-nordlys/key-usage', '/no-such-path']) {
        const date = (await fetch(s.url + path, { headers: { 'user-agent': 'svc-test/1' } })).headers.get('date')!;
        // An IMF-fixdate (RFC 9110 §5.6.7) on the server's day; the clock is a few ms on by now.
        expect(date, path).toMatch(/^Thu, 15 Oct 2026 09:30:0\d GMT$/);
      }
    } finally {
      restore();
    }
    // The bundled samples' today, by default.
    await s.close();
    s = await startReferenceServer();
    expect((await fetch(s.url + '/api/openapi.json', { headers: { 'user-agent': 'svc-test/1' } })).headers.get('date')).toMatch(/^Fri, 20 Nov 2026 /);
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

// One parsed copy of a folder per process (Dataset.openShared; startReferenceServer uses it for the
// bundled samples): reused only while the folder's files are unchanged, never holding a failed read,
// and frozen so that one server cannot change what the next one serves.
const nameOf = async (ds: Dataset) => (await ds.org('org-nordlys'))!.raw.name;

describe('Dataset.openShared', () => {
  it('parses an unchanged folder once: a second open shares its records and keeps its own today', async () => {
    const dir = copy();
    const a = await Dataset.openShared(dir);
    const b = await Dataset.openShared(dir, '2026-10-15');
    expect(b.tokens).toBe(a.tokens);
    expect(await b.org('org-nordlys')).toBe(await a.org('org-nordlys'));
    expect(await b.usage((await b.org('org-nordlys'))!)).toBe(await a.usage((await a.org('org-nordlys'))!));
    expect([a.todayText, b.todayText]).toEqual(['2026-11-20', '2026-10-15']);
    await expect(Dataset.openShared(dir, '2026-02-30')).rejects.toThrow(/not a YYYY-MM-DD date/);
  });

  it('reads a file again once it has changed, even at the same size', async () => {
    const dir = copy();
    const file = join(dir, 'orgs/org-nordlys/org.json');
    const text = readFileSync(file, 'utf8');
    const a = await Dataset.openShared(dir);
    expect(await nameOf(a)).toBe('Nordlys Analytics ApS');
    writeFileSync(file, text.replace('Nordlys Analytics ApS', 'Nordlyx Analytics ApS'));
    const b = await Dataset.openShared(dir);
    expect(await nameOf(b)).toBe('Nordlyx Analytics ApS');
    expect(await nameOf(a)).toBe('Nordlys Analytics ApS');
  });

  it('keeps no failed read: a bad file is reported at each open until it is mended', async () => {
    const dir = copy();
    const file = join(dir, 'orgs/org-nordlys/org.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, '{');
    await expect(Dataset.openShared(dir)).rejects.toThrow(/org-nordlys\/org\.json: \$: not valid JSON/);
    await expect(Dataset.openShared(dir)).rejects.toThrow(/org-nordlys\/org\.json: \$: not valid JSON/);
    writeFileSync(file, text);
    expect(await nameOf(await Dataset.openShared(dir))).toBe('Nordlys Analytics ApS');
  });

  it('freezes the shared records, so a change throws instead of reaching the next server', async () => {
    const ds = await Dataset.openShared(copy());
    const org = (await ds.org('org-nordlys'))!;
    expect(() => { (org.raw as { name: string }).name = 'changed'; }).toThrow(TypeError);
    expect(() => { (ds.tokens.orgs as unknown[]).push({}); }).toThrow(TypeError);
    expect(() => { (ds.meta.models[0] as { id: string }).id = 'changed'; }).toThrow(TypeError);
    const invoices = (await ds.invoices()).get('org-nordlys')!;
    expect(() => { (invoices[0]!.summary as { total_cents: number }).total_cents = 0; }).toThrow(TypeError);
    // Dataset.open (any folder but the bundled one) keeps its records to itself, unfrozen as before.
    expect(Object.isFrozen((await (await Dataset.open(copy())).org('org-nordlys'))!.raw)).toBe(false);
  });
});

describe('servers over the bundled samples at once', () => {
  it('each answers by its own today', async () => {
    const [early, late] = await Promise.all([startReferenceServer({ today: '2026-10-15' }), startReferenceServer({})]);
    try {
      const t = tokenOf('org-nordlys');
      const [e, l] = await Promise.all([early, late].map((s) => call(s.url, '/api/orgs/org-nordlys/key-usage', { token: t })));
      expect([e!.json.start_date, e!.json.end_date]).toEqual(['2026-10-01', '2026-10-15']);
      expect([l!.json.start_date, l!.json.end_date]).toEqual(['2026-11-01', '2026-11-20']);
    } finally {
      await Promise.all([early.close(), late.close()]);
    }
  });
});
