// An outside attack review (2026-12-07): the service takes any key-field key, and a field named
// `constructor` (or `toString`, `valueOf`, `hasOwnProperty`) made every reader of a key's fields
// read Object.prototype's function for a key that does not set it: `svc report cost` and the
// month end's workbook failed with "Cannot read properties of undefined (reading 'length')",
// naming no field. Over real HTTP from the reference server, read back with SheetJS.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.js';
import { copySamples, orgEnv, svcInProcess, tempDir } from '../_harness/index.js';
import { readBook } from './_read.js';

const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];
let dir: string;
let server: ReferenceServer;
beforeAll(async () => {
  dir = await tempDir();
  const data = await copySamples(join(dir, 'data'));
  const path = join(data, 'orgs', 'org-nordlys', 'org.json');
  const org = JSON.parse(await readFile(path, 'utf8'));
  for (const key of NAMES) org.key_fields.push({ key, display_name: `F ${key}`, type: 'text', required: false, default_value: null, options: [] });
  // Only the first key sets them; every other key leaves them unset.
  for (const key of NAMES) org.keys[0].fields[key] = `v-${key}`;
  await writeFile(path, JSON.stringify(org));
  server = await startReferenceServer({ dataDir: data });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('key fields named like Object.prototype\'s members', () => {
  it('svc report cost makes the workbook: the key that sets them shows its values, the others none', async () => {
    const out = join(dir, 'cost.xlsx');
    const r = await svcInProcess(['report', 'cost', '--month', '2026-10', '-o', out, '--language', 'en'], orgEnv(server, 'org-nordlys'));
    expect(r.code, r.stderr).toBe(0);
    const book = readBook(await readFile(out));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames.find((n) => /key/i.test(n))!]!, { header: 1, raw: true });
    const header = rows.findIndex((row) => row.includes('F constructor'));
    expect(header).toBeGreaterThanOrEqual(0);
    const columns = NAMES.map((n) => rows[header]!.indexOf(`F ${n}`));
    const data = rows.slice(header + 1).filter((row) => typeof row[0] === 'string' && (row[0]).startsWith('key-'));
    expect(data.length).toBeGreaterThan(1);
    const first = data.find((row) => row[0] === 'key-nl-001')!;
    expect(columns.map((c) => first[c])).toEqual(NAMES.map((n) => `v-${n}`));
    for (const row of data.filter((x) => x[0] !== 'key-nl-001')) for (const c of columns) expect(row[c] ?? '', String(row[0])).toBe('');
  });

  it('svc report keys --csv: the same', async () => {
    const r = await svcInProcess(['report', 'keys', '--month', '2026-10', '--csv'], orgEnv(server, 'org-nordlys'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('v-constructor');
    expect(r.stdout).not.toContain('function');
    expect(r.stdout).not.toContain('[native code]');
  });
});
