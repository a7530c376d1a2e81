import { describe, expect, it } from 'vitest';
import { escapeControls, visibleLines, visibleText } from '../../src/core/invisible-text.js';
import { withVisibleText } from '../../src/core/json/visible-json.js';

// The one rule for invisible characters (issue 26), on its own: what is removed, what becomes a
// space, what becomes U+FFFD, and what is left alone. Expected strings written out by hand.

describe('visibleText', () => {
  it.each([
    ['bidi override, isolates and marks', '\u202e2026\u2066-\u2069\u200e0142\u200f', '2026-0142'],
    ['zero-width characters and the BOM', '\ufeff2026\u200b-\u200c01\u200d4\u20602', '2026-0142'],
    ['C0, DEL and C1 controls', 'A\u0000B\u0007C\u001b[31mD\u007fE\u0080F\u009fG', 'ABC[31mDEFG'],
    ['tab and line breaks, one space per run', 'one\ttwo\r\nthree\u2028four\u2029\u0085five\u000b\u000csix', 'one two three four five six'],
    ['a lone high and a lone low surrogate', 'x\ud800y\udc00z', 'x\ufffdy\ufffdz'],
    // Issue 43: what a hand list had missed, and Unicode calls default-ignorable or a bidi control.
    ['the Arabic letter mark U+061C', '2026\u061c-0142', '2026-0142'],
    ['the invisible operators U+2061-U+2064', '2026\u2061-\u20620\u2063142\u2064', '2026-0142'],
    ['tag characters (U+E0001, U+E0041, U+E007F), astral', '2026\u{e0001}-\u{e0041}0142\u{e007f}', '2026-0142'],
    ['the soft hyphen', 'Nord\u00adlys', 'Nordlys'],
    ['a variation selector and a Hangul filler', 'A\ufe0fB\u3164C', 'ABC'],
  ])('%s', (_what, input, shown) => {
    expect(visibleText(input)).toBe(shown);
  });

  it('removes every Default_Ignorable_Code_Point and Bidi_Control of the Unicode of this Node, and nothing else from U+00A0 up', () => {
    const ignorable = /^[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]$/u;
    // Every code point of the planes where characters are assigned but the private-use ones (0-3,
    // and 14 for the tags), past the C0/C1 controls and without the two line breaks (a space each).
    const all: string[] = [];
    for (let cp = 0xa0; cp <= 0xe0fff; cp = cp === 0x3ffff ? 0xe0000 : cp + 1) {
      if ((cp >= 0xd800 && cp <= 0xdfff) || cp === 0x2028 || cp === 0x2029) continue;
      all.push(String.fromCodePoint(cp));
    }
    const kept = all.filter((c) => !ignorable.test(c));
    expect(all.length - kept.length).toBeGreaterThan(4000);
    expect(visibleText(all.join('')) === kept.join('')).toBe(true);
  });

  it('escapeControls writes each of them as a visible escape, an astral one as \\u{...}', () => {
    expect(escapeControls('a\u061cb\u00adc\u{e0041}d\u001be')).toBe('a\\u061cb\\xadc\\u{e0041}d\\x1be');
  });

  it('leaves visible text alone: letters, emoji (a surrogate pair), U+FFFD, runs of spaces', () => {
    for (const s of ['Serviceværket ApS', 'Ærø  Øst', '😀 ok', 'Nordlys \ufffd ApS', '']) expect(visibleText(s)).toBe(s);
  });
});

describe('withVisibleText', () => {
  it('returns the same object when nothing changes, a copy where something does', () => {
    const clean = { a: 'x', b: [1, 'y', { c: null }], d: true };
    expect(withVisibleText(clean)).toBe(clean);
    const dirty = { a: 'x', b: [1, 'y\u200b', { c: 'z\u202e' }], d: 'same' };
    const out = withVisibleText(dirty) as typeof dirty;
    expect(out).toEqual({ a: 'x', b: [1, 'y', { c: 'z' }], d: 'same' });
    expect(dirty.b[1]).toBe('y\u200b');
  });

  it('keeps a "__proto__" key a key (JSON.parse makes it an own property)', () => {
    const parsed = JSON.parse('{"__proto__": {"x": "a\\u200bb"}, "y": "c\\u200bd"}') as Record<string, unknown>;
    const out = withVisibleText(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'y']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')!.value).toEqual({ x: 'ab' });
    expect(out.y).toBe('cd');
  });
});

describe('visibleLines (the seller address: lines separated by commas or line breaks)', () => {
  it.each([
    ['line breaks become commas', 'Strandgade 12\r\n1401 København K\nDanmark', 'Strandgade 12, 1401 København K, Danmark'],
    ['a line of only invisible characters is an empty one (a reviewer)', 'Strandgade 12\n\u200b\n1401 København K', 'Strandgade 12, 1401 København K'],
    ['a comma before an invisible character and a break is one comma', 'Strandgade 12,\u200b\n1401 København K', 'Strandgade 12, 1401 København K'],
    ['one line is visibleText', 'Strandgade\u200b 12, 1401 København K', 'Strandgade 12, 1401 København K'],
  ])('%s', (_, input, expected) => {
    expect(visibleLines(input)).toBe(expected);
  });
});
