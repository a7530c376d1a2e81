import { describe, expect, it } from 'vitest';
import { SecretScrubber } from '../../src/runner/run/_secret-scrubber.js';

// The plain way: one search per token, longest first.
function naive(text: string, secrets: string[]): string {
  let out = text;
  for (const s of [...new Set(secrets)].filter((x) => x.length >= 4).sort((a, b) => b.length - a.length)) out = out.split(s).join('***');
  return out;
}

describe('SecretScrubber', () => {
  it('replaces every occurrence, at the start, the end, side by side', () => {
    const s = new SecretScrubber(['rt_nordlys_5f2c8e1a9b7d4c3e', 'pt_bifrost_2b4d']);
    const text = 'rt_nordlys_5f2c8e1a9b7d4c3e says pt_bifrost_2b4dpt_bifrost_2b4d and rt_nordlys_5f2c8e1a9b7d4c3e';
    expect(s.scrub(text)).toBe('*** says ****** and ***');
  });

  it('replaces a token containing a shorter one whole', () => {
    const s = new SecretScrubber(['abcd', 'xxabcdxx']);
    expect(s.scrub('1 xxabcdxx 2 abcd')).toBe('1 *** 2 ***');
  });

  it('ignores missing and too-short values and returns text without tokens unchanged', () => {
    const s = new SecretScrubber([undefined, '', 'abc', 'token-1234']);
    expect(s.scrub('abc abc')).toBe('abc abc');
    expect(s.scrub('')).toBe('');
    expect(s.scrub('tok')).toBe('tok');
  });

  it('agrees with one search per token on random text with many tokens', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    const alphabet = 'ab_-0æ';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rand(alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      // Tokens that overlap: any order of replacement hides them; none may survive.
      const loose = Array.from({ length: 1 + rand(30) }, () => word(4 + rand(4)));
      const text = Array.from({ length: 40 }, () => (rand(3) === 0 ? loose[rand(loose.length)] : word(1 + rand(6)))).join('');
      const out = new SecretScrubber(loose).scrub(text);
      for (const s of loose) expect(out.includes(s)).toBe(false);
      // Tokens that cannot overlap (one Ø, first; one Z, last): exactly the plain result.
      const fenced = Array.from({ length: 1 + rand(30) }, () => `Ø${word(2 + rand(5))}Z`);
      const text2 = Array.from({ length: 40 }, () => (rand(3) === 0 ? fenced[rand(fenced.length)] : word(1 + rand(6)))).join('');
      expect(new SecretScrubber(fenced).scrub(text2)).toBe(naive(text2, fenced));
    }
  });
});
