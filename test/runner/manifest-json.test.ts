import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { JsonAssembler, jsonUnits } from '../../src/runner/manifest/_json-units.js';
import { exactJson, exactJsonOf } from '../../src/runner/manifest/_exact-json.js';
import { writeManifestJson } from '../../src/runner/run/_manifest-json.js';
import { SecretScrubber } from '../../src/runner/run/_secret-scrubber.js';

// A manifest is written a few lines at a time (issue 42, its memory at the end of a large run).
// The reference for every byte is V8's own JSON.stringify of the whole object, and JSON.parse of
// the whole text for the value returned: what the manifest was before.

const GROWING = new Set(['organizations', 'files']);
const plain = (v: unknown) => JSON.stringify(v, null, 2) as string | undefined;
const joined = (value: Record<string, unknown>, stringify = plain) => [...jsonUnits(value, stringify, GROWING)].map((u) => u.text).join('');

const TOKEN = 'rt_nordlys_5f2c8e1a9b7d4c3e';

/** A manifest-shaped object with what JSON treats specially: left-out members, nulls in arrays, breaks and U+2028 inside strings, nesting. */
function sample(orgs: number): Record<string, unknown> {
  return {
    manifest_version: 1,
    tool: { name: 'svc', version: '0.1.0' },
    month: '2026-10',
    skipped: undefined,
    fn: () => 1,
    started_at: new Date('2026-11-01T08:00:00Z'),
    note: 'two\nlines\u2028and a "quote" and a \\ backslash',
    organizations: Array.from({ length: orgs }, (_, i) => ({
      org_id: `org-${i}`,
      status: i % 3 ? 'ok' : 'failed',
      error: i % 3 ? undefined : `the token ${TOKEN} was refused`,
      parts: [{ part: 'invoices', status: 'ok', files: [] }, { part: 'cost_workbook', status: 'ok', nested: { deeper: [1, [2, [3]], {}] } }],
      amount: new Decimal('1234.5600'),
      list: [undefined, () => 0, null, 0, -0, 1e21, 'x'],
    })),
    partner: null,
    empty_list: [],
    empty_object: {},
    files: Array.from({ length: orgs * 3 }, (_, i) => ({ path: `org-${Math.floor(i / 3)}/file-${i}.pdf`, sha256: 'ab'.repeat(32), size: i })),
  };
}

describe('jsonUnits: a manifest a few lines at a time', () => {
  it('joined, is JSON.stringify of the whole (indented by two) and a line break, every unit whole lines', () => {
    for (const orgs of [0, 1, 2, 7]) {
      const value = sample(orgs);
      expect(joined(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
      for (const unit of jsonUnits(value, plain, GROWING)) {
        expect(unit.text.endsWith('\n')).toBe(true);
        expect(unit.text.endsWith(unit.after)).toBe(true);
      }
    }
    // The growing members are cut an element at a time; the others whole.
    const kinds = [...jsonUnits(sample(2), plain, GROWING)].map((u) => u.kind);
    expect(kinds.filter((k) => k === 'element')).toHaveLength(2 + 6);
    expect(kinds.filter((k) => k === 'array')).toHaveLength(2);
  });

  it('an object with no members, or only left-out ones, is {} as JSON.stringify writes it', () => {
    expect(joined({})).toBe('{}\n');
    expect(joined({ a: undefined, b: () => 1 })).toBe(`${JSON.stringify({ a: undefined, b: () => 1 }, null, 2)}\n`);
    expect(joined({ organizations: [], files: [undefined] })).toBe(`${JSON.stringify({ organizations: [], files: [undefined] }, null, 2)}\n`);
  });

  it('with big integers written exactly, is exactJson of the whole', () => {
    const value = { ...sample(3), figures: { totals: [{ net_cents: 2n ** 70n, vat_cents: -(2n ** 64n) }] }, organizations: [{ owed: 12345678901234567890n }, { owed: 1n }] };
    expect(joined(value, exactJsonOf)).toBe(`${exactJson(value)}\n`);
    expect(joined(value, exactJsonOf)).toContain('"net_cents": 1180591620717411303424');
  });

  it('put back together from its units, is JSON.parse of the whole text, in the same order', () => {
    const value = sample(5);
    const assembler = new JsonAssembler();
    for (const unit of jsonUnits(value, plain, GROWING)) assembler.add(unit, unit.text);
    const whole = JSON.parse(joined(value)) as unknown;
    expect(assembler.value()).toStrictEqual(whole);
    expect(JSON.stringify(assembler.value())).toBe(JSON.stringify(whole));
  });

  it('random objects: joined is JSON.stringify, put back is JSON.parse', () => {
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const any = (depth: number): unknown => {
      switch (rand(depth > 3 ? 5 : 8)) {
        case 0: return rand(1000) - 500;
        case 1: return ['a', 'b\nc', '', '\u2028', 'ø"\\'][rand(5)];
        case 2: return [null, true, false, undefined][rand(4)];
        case 3: return rand(2) ? 1.5e300 : -0.25;
        case 4: return () => 0;
        case 5: return Array.from({ length: rand(4) }, () => any(depth + 1));
        default: return Object.fromEntries(Array.from({ length: rand(4) }, (_, i) => [`k${i}`, any(depth + 1)]));
      }
    };
    for (let n = 0; n < 300; n++) {
      const value: Record<string, unknown> = Object.fromEntries(Array.from({ length: rand(5) }, (_, i) => [['organizations', 'files', 'x', 'y', 'z'][i]!, any(0)]));
      expect(joined(value)).toBe(`${JSON.stringify(value, null, 2)}\n`);
      const assembler = new JsonAssembler();
      for (const unit of jsonUnits(value, plain, GROWING)) assembler.add(unit, unit.text);
      expect(JSON.stringify(assembler.value())).toBe(JSON.stringify(JSON.parse(joined(value))));
    }
  });
});

describe('writeManifestJson', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-manifest-json-'));

  it('writes the scrubbed text of the whole, and returns what JSON.parse reads from the file', async () => {
    const value = { ...sample(4), token_in_a_name: { [TOKEN]: TOKEN } };
    const scrubber = new SecretScrubber([TOKEN, 'pt_bifrost_2b4d']);
    const path = join(dir, 'manifest.json');
    const read = await writeManifestJson(path, value, { within: dir, stringify: exactJsonOf, scrubber, parse: true });
    const file = readFileSync(path, 'utf8');
    expect(file).toBe(`${scrubber.scrub(exactJson(value))}\n`);
    expect(file).not.toContain(TOKEN);
    expect(file).toContain('"***": "***"');
    expect(read).toStrictEqual(JSON.parse(file));
  });

  it('scrubs the whole text at once when a token holds a line break (it could stand across two units)', async () => {
    // The end of the first organization's unit and the start of the second's.
    const token = '},\n    {\n      "org_id": "org-1"';
    const value = sample(3);
    const scrubber = new SecretScrubber([token]);
    expect(scrubber.lineByLine).toBe(false);
    const path = join(dir, 'broken-token.json');
    await writeManifestJson(path, value, { within: dir, stringify: plain, scrubber });
    const whole = `${JSON.stringify(value, null, 2)}\n`;
    expect(whole).toContain(token);
    expect(readFileSync(path, 'utf8')).toBe(scrubber.scrub(whole));
    expect(readFileSync(path, 'utf8')).not.toContain(token);
  });
});
