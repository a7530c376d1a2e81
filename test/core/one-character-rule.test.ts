// Issue 41, item 4: one rule for invisible and bidirectional characters. core/invisible-text.ts
// defines them (INVISIBLE_CLASS, LINE_BREAK_CLASS, LONE_SURROGATE_CLASS) and every surface that
// strips, escapes, refuses or measures them takes them from there. This reads every source file
// under src/ for a set of its own: a bidi control, zero-width, soft hyphen, tag, lone surrogate
// or other default-ignorable character written as an escape or as itself, or a Unicode property
// class that names them (\p{Cf}, \p{Cs}, \p{Bidi_Control}, \p{Default_Ignorable_Code_Point}).
// The two uses that are no set of characters are named: a byte order mark a file of rates may
// begin with (its encoding's signature, removed before the text is read) and the one XMP
// requires in its packet header.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const THE_RULE = 'core/invisible-text.ts';

/** An escape of an invisible or bidirectional character, or a property class of them. */
const ESCAPED = /\\u(?:00ad|034f|061c|115f|1160|17b4|17b5|180[b-f]|200[b-f]|202[a-e]|206[0-9a-f]|3164|fe0[0-9a-f]|feff|ffa0|d[89a-f][0-9a-f]{2})|\\u\{(?:e0[0-9a-f]{3}|1d17[3-9a])\}|\\p\{(?:Cf|Cs|Bidi_C(?:ontrol)?|DI|Default_Ignorable_Code_Point)\}/iu;
/** Such a character written as itself. */
const RAW = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;
/** A byte order mark removed from the start of a file's text (`/^\uFEFF/`), and XMP's packet header. */
const NOT_A_SET = [/\/\^\\uFEFF\//i, /<\?xpacket begin="\\ufeff"/];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Each line of `text` that defines invisible or bidirectional characters of its own, as `file:line: text`. */
function ownSets(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    // A comment names characters to explain the code; only code defines a set.
    if (/^\s*(?:\/\/|\/\*|\*)/.test(line) || (!ESCAPED.test(line) && !RAW.test(line))) return [];
    const rest = NOT_A_SET.reduce((l, allowed) => l.replace(allowed, ''), line);
    return ESCAPED.test(rest) || RAW.test(rest) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : [];
  });
}

describe('one rule for invisible and bidirectional characters', () => {
  test(`no file under src/ but ${THE_RULE} defines such characters`, () => {
    const files = sources(SRC).map((path) => ({ file: relative(SRC, path), text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((f) => f.file !== THE_RULE).flatMap((f) => ownSets(f.file, f.text));
    expect(found).toEqual([]);
    // The rule itself is found by the same reading (it is where the characters are named).
    expect(ownSets(THE_RULE, files.find((f) => f.file === THE_RULE)!.text).length).toBeGreaterThan(0);
  });

  test('finds a set of its own in a made-up source, and leaves a byte order mark removed at the start alone', () => {
    const made = [
      "const BIDI = /[\\u202a-\\u202e\\u2066-\\u2069]/g;",
      "const ZW = /[\\u200B\\u200C\\u200D\\uFEFF]/gu;",
      "const TAGS = /[\\u{E0000}-\\u{E007F}]/u;",
      "const FORMAT = /\\p{Cf}/u;",
      "const LONE = /\\p{Cs}/u;",
      'const RAW = "\u202e";',
      "const body = text.replace(/^\\uFEFF/, '');",
      "const packet = '<?xpacket begin=\"\\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>';",
      "const NBSP = '\\u00a0';",
      '// a comment naming \\u202e to explain the code',
    ].join('\n');
    expect(ownSets('made-up.ts', made).map((l) => Number(l.split(':')[1]))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
