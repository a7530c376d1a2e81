// The one rule for a piece of a secret (core/secret-fragments.ts): a run of FRAGMENT_LENGTH of its
// characters, in any case, or the whole of a shorter one. The search reads only every stride-th
// position; it must find what reading every position finds.
import { describe, expect, it } from 'vitest';
import { FRAGMENT_LENGTH, SecretFragments } from '../../src/core/index.js';

const KEY = 'sk-test-SECRETKEY1234567890abcd';

/** Every character of `text` inside some run of `least` characters of a secret, by comparing every window. */
function covered(text: string, secrets: string[]): boolean[] {
  const out = Array.from({ length: text.length }, () => false);
  const lower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const s of secrets) {
    const least = Math.min(FRAGMENT_LENGTH, s.length);
    const windows = new Set(Array.from({ length: s.length - least + 1 }, (_, o) => lower(s.slice(o, o + least))));
    for (let p = 0; p + least <= text.length; p++) if (windows.has(lower(text.slice(p, p + least)))) for (let k = p; k < p + least; k++) out[k] = true;
  }
  return out;
}

describe('SecretFragments', () => {
  it('masks a run of FRAGMENT_LENGTH characters of the key in any case, not one shorter', () => {
    const f = new SecretFragments([KEY]);
    expect(f.mask(`key ends ${KEY.slice(4)}.`)).toBe('key ends ***.');
    expect(f.mask(`KEY ENDS ${KEY.slice(4).toUpperCase()}`)).toBe('KEY ENDS ***');
    expect(f.mask(`x${KEY.slice(7, 7 + FRAGMENT_LENGTH)}y`)).toBe('x***y');
    const short = `${KEY.slice(0, FRAGMENT_LENGTH - 1)} ${KEY.slice(-(FRAGMENT_LENGTH - 1))}`;
    expect(f.mask(short)).toBe(short);
    expect(f.has(short)).toBe(false);
    expect(f.mask('sk-…abcd and sk-test-0123456789abcdef')).toBe('sk-…abcd and sk-test-0123456789abcdef');
  });

  it('counts a secret shorter than FRAGMENT_LENGTH whole, and only whole', () => {
    const f = new SecretFragments(['Tok42xy', undefined, '']);
    expect(f.mask('a tok42XY b Tok42x c')).toBe('a *** b Tok42x c');
  });

  it('finds in bytes what it finds in text, a non-ASCII secret by its UTF-8 bytes', () => {
    const secret = 'nøgle-hemmelig-Æ1234567';
    const f = SecretFragments.ofUtf8([secret]);
    expect(f.inBytes(Buffer.from(`{"a":"${secret.slice(3)}"}`))).toBe(true);
    expect(f.inBytes(Buffer.from(`{"a":"${secret.slice(0, 5)}"}`))).toBe(false);
    expect(f.inBytes(Buffer.from('x'.repeat(3 << 20) + KEY))).toBe(false);
    expect(SecretFragments.ofUtf8([KEY]).inBytes(Buffer.from('x'.repeat((1 << 20) - 5) + KEY.slice(3).toUpperCase()))).toBe(true);
  });

  it('covers exactly what comparing every window covers, on random text', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    let round = 0;
    const alphabet = () => (round < 150 ? 'abAB01-_' : 'abAB01-_æ');
    const word = (len: number) => Array.from({ length: len }, () => alphabet()[rand(alphabet().length)]).join('');
    for (; round < 300; round++) {
      const secrets = Array.from({ length: 1 + rand(4) }, () => word(3 + rand(30)));
      const pieces = Array.from({ length: 30 }, () => {
        if (rand(3) !== 0) return word(1 + rand(8));
        const s = secrets[rand(secrets.length)]!;
        const from = rand(s.length);
        const piece = s.slice(from, from + 1 + rand(s.length));
        return rand(2) ? piece.toUpperCase() : piece;
      });
      const text = pieces.join('');
      const f = new SecretFragments(secrets);
      const spans = f.spans(text);
      const got = Array.from({ length: text.length }, () => false);
      for (let k = 0; k < spans.length; k += 2) for (let p = spans[k]!; p < spans[k + 1]!; p++) got[p] = true;
      expect(got).toEqual(covered(text, secrets));
      expect(f.has(text)).toBe(got.includes(true));
      // In bytes a run is counted in bytes: a UTF-8 run of twelve characters is at least twelve bytes.
      const inBytes = SecretFragments.ofUtf8(secrets).inBytes(Buffer.from(text));
      if (![...text + secrets.join('')].some((c) => c.charCodeAt(0) > 0x7f)) expect(inBytes).toBe(got.includes(true));
      else if (got.includes(true)) expect(inBytes).toBe(true);
    }
  });

  it('secrets alike in shape (a run\'s thousand tokens) are told apart, and text naming their organizations is not masked', () => {
    // The samples' and bench's tokens share their pieces (`rt_org-0`, `org-0000`): the search checks a run, not a piece.
    const tokens = Array.from({ length: 1000 }, (_, n) => `rt_org-${String(n + 1).padStart(5, '0')}_${(n * 2654435761 >>> 0).toString(16).padStart(8, '0')}a1b2c3d4`);
    const f = new SecretFragments(tokens);
    const names = Array.from({ length: 200 }, (_, n) => `{"org_id":"org-${String(n + 1).padStart(5, '0')}","folder":"org-${String(n + 1).padStart(5, '0')}"}`).join(',');
    expect(f.mask(names)).toBe(names);
    const leaked = `${names}"echo":"${tokens[417]!.slice(2).toUpperCase()}"`;
    expect(f.mask(leaked)).toBe(`${names}"echo":"***"`);
    expect(SecretFragments.ofUtf8([tokens[417]]).inBytes(Buffer.from(leaked))).toBe(true);
    expect(SecretFragments.ofUtf8([tokens[416]]).inBytes(Buffer.from(leaked))).toBe(false);
    // What comparing every window says: nothing in the names, the echo alone.
    expect(covered(names, tokens).includes(true)).toBe(false);
  });

  it('a public value the token holds (its organization\'s id) is not a piece of it; the rest of the token still is', () => {
    const token = 'rt_org-fjordline_8a1d3f5b7c9e2a4b';
    const answer = '{"org_id":"org-fjordline","folder":"ORG-FJORDLINE"}';
    // Without the id as public, every answer naming the organization holds 12 of the token's characters.
    expect(new SecretFragments([token]).has(answer)).toBe(true);
    const f = new SecretFragments([token], { public: ['org-fjordline'] });
    expect(f.mask(answer)).toBe(answer);
    expect(SecretFragments.ofUtf8([token], { public: ['org-fjordline'] }).inBytes(Buffer.from(answer))).toBe(false);
    expect(f.mask(`{"echo":"${token.slice(8)}"}`)).toBe('{"echo":"***"}');
    expect(SecretFragments.ofUtf8([token], { public: ['org-fjordline'] }).inBytes(Buffer.from(`{"echo":"${token.slice(8).toUpperCase()}"}`))).toBe(true);
  });

  it('many secrets sharing a run, mentioned many times: one span each, no blow-up (2,000 keys, 20,000 mentions)', () => {
    // Each mention met once per secret holding the run was 2,000 × 20,000 spans: V8 aborted ("invalid size").
    const keys = Array.from({ length: 2000 }, (_, n) => `sk-ant-api03-${(n * 2654435761 >>> 0).toString(36)}Zq${n.toString(36)}x9`);
    const text = Array.from({ length: 20000 }, () => '"alias":"sk-ant-api03-…"').join(',');
    const masked = new SecretFragments(keys).mask(text);
    expect(masked).toBe(Array.from({ length: 20000 }, () => '"alias":"***…"').join(','));
    // A secret of one repeated character against a long run of it: one span.
    expect(new SecretFragments(['x'.repeat(128)]).spans('x'.repeat(200_000))).toEqual([0, 200_000]);
  });
});

