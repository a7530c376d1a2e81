import { describe, expect, it } from 'vitest';
import { assignSafeNames, MAX_NAME_BYTES, safeNamePart } from '../../src/runner/manifest/safe-name.js';

// eslint-disable-next-line no-control-regex -- control characters are among the characters Windows forbids in file names
const WINDOWS_FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f]/;

function assertSafe(name: string): void {
  expect(name).not.toMatch(WINDOWS_FORBIDDEN);
  expect(name).not.toMatch(/^\./);
  expect(name).not.toMatch(/[. ]$/);
  expect(name.length).toBeGreaterThan(0);
  expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  expect(name.split('.')[0]!.trim()).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
}

describe('safeNamePart', () => {
  it.each([
    ['../../etc/passwd'],
    ['..'],
    ['.'],
    ['CON'],
    ['con.txt'],
    ['NUL '],
    ['COM1'],
    ['lpt9.pdf'],
    ['a/b\\c:d*?'],
    ['x'.repeat(300)],
    ['name. . .'],
    ['   '],
    ['tab\there\nnewline\u0000nul'],
    ['\u202eevil\u202c'],
  ])('makes %j safe on every OS', (raw) => {
    assertSafe(safeNamePart(raw));
  });

  it('keeps readable text and unicode letters', () => {
    expect(safeNamePart('2026-1001')).toBe('2026-1001');
    expect(safeNamePart('Łódź Владимир æøå')).toBe('Łódź Владимир æøå');
    expect(safeNamePart('a/b\\c:d*?')).toBe('a_b_c_d__');
    expect(safeNamePart('CON')).toBe('_CON');
  });

  it('keeps long names distinct after cutting them', () => {
    const a = safeNamePart('x'.repeat(300) + 'a');
    const b = safeNamePart('x'.repeat(300) + 'b');
    expect(a).not.toBe(b);
    expect(Buffer.byteLength(safeNamePart('ø'.repeat(300)))).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it('gives names emptied by cleaning a hash of the original, different per input', () => {
    expect(safeNamePart('...')).toMatch(/^_[0-9a-f]{8}$/);
    expect(safeNamePart('...')).not.toBe(safeNamePart('. .'));
  });
});

describe('assignSafeNames', () => {
  it('disambiguates collisions case-blind and deterministically, the first keeping the plain name', () => {
    const items = [
      { raw: 'a/b', key: 'id-1' },
      { raw: 'a\\b', key: 'id-2' },
      { raw: 'A_B', key: 'id-3' },
      { raw: 'other', key: 'id-4' },
    ];
    const names = assignSafeNames(items);
    expect(names[0]).toBe('a_b');
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(4);
    expect(assignSafeNames(items)).toEqual(names);
    names.forEach(assertSafe);
  });

  it('avoids names already taken', () => {
    expect(assignSafeNames([{ raw: 'manifest.json', key: 'k' }], ['manifest.json'])[0]).not.toBe('manifest.json');
  });
});
