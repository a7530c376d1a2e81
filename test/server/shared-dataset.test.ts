// One parsed copy of a folder per process (Dataset.openShared; startReferenceServer uses it for the
// bundled samples): reused only while the folder's files are unchanged, never holding a failed read,
// and frozen so that one server cannot change what the next one serves.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Dataset } from '../../src/server/dataset/dataset.js';
import { startReferenceServer } from '../../src/server/index.js';
import { call, orgToken, SAMPLES } from './_helpers.js';

const root = mkdtempSync(join(tmpdir(), 'svc-shared-ds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const copy = () => {
  const dir = join(root, String(n++));
  cpSync(SAMPLES, dir, { recursive: true });
  return dir;
};
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
      const t = orgToken('org-nordlys');
      const [e, l] = await Promise.all([early, late].map((s) => call(s.url, '/api/orgs/org-nordlys/key-usage', { token: t })));
      expect([e!.json.start_date, e!.json.end_date]).toEqual(['2026-10-01', '2026-10-15']);
      expect([l!.json.start_date, l!.json.end_date]).toEqual(['2026-11-01', '2026-11-20']);
    } finally {
      await Promise.all([early.close(), late.close()]);
    }
  });
});
