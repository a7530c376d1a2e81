/**
 * The one definition of the characters in text from outside (the API, a file, a flag) that a
 * reader cannot see but that act on how text is shown or compared (issues 26 and 43), as a
 * character class for a RegExp with the `u` (or `v`) flag:
 * - every Unicode Default_Ignorable_Code_Point (DerivedCoreProperties.txt): the zero-width
 *   space, joiners and the BOM (U+200B–U+200D, U+FEFF), the soft hyphen (U+00AD), the invisible
 *   operators U+2061–U+2064, the Arabic letter mark U+061C, the tag characters U+E0000–U+E0FFF,
 *   variation selectors, Hangul fillers, and the code points Unicode reserves for more of them;
 * - every Bidi_Control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: U+202E makes
 *   "fdp.exe" read "exe.pdf"); all are default-ignorable too, named so the rule says it;
 * - C0 controls but tab, LF, VT, FF, CR (those are LINE_BREAK_CLASS), DEL, C1 controls but NEL.
 * The Unicode properties are V8's own tables (the Unicode version of the Node it runs on), not
 * a hand list: a character Unicode adds to them is covered without a change here. Every
 * surface takes its character set from here; none keeps a list of its own.
 */
export const INVISIBLE_CLASS = '\\p{Default_Ignorable_Code_Point}\\p{Bidi_Control}\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u0084\\u0086-\\u009f';

/**
 * The UTF-8 bytes that begin every character of INVISIBLE_CLASS past the C0 controls: DEL and the
 * lead bytes of U+0080–U+00BF (C1 controls, the soft hyphen), U+034F, U+061C, U+115F–U+180F,
 * U+200B–U+206F, U+3164, U+FE00–U+FFF8, the supplementary planes' U+1BCA0 and U+1D173 (F0) and
 * the tags U+E0000– (F3). Bytes holding none of them hold no invisible character; the reverse is
 * not so (`§` begins with C2, an emoji with F0): a cheap test before a string-level look. The
 * test suite derives the set from INVISIBLE_CLASS over every code point.
 */
const INVISIBLE_LEAD_BYTES = new Uint8Array([0x7f, 0xc2, 0xcd, 0xd8, 0xe1, 0xe2, 0xe3, 0xef, 0xf0, 0xf3]);

/**
 * Whether the UTF-8 text of a JSON body may hold, in a string, a character visibleText removes
 * (see INVISIBLE_LEAD_BYTES); never false when it does. A C0 control is no concern: JSON writes
 * one in a string only as an escape, which the caller's backslash test already sees.
 */
export function mayHoldInvisible(bytes: Uint8Array): boolean {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const lead of INVISIBLE_LEAD_BYTES) if (b.includes(lead)) return true;
  return false;
}

/** Tab and the line and paragraph breaks: LF, VT, FF, CR, NEL (U+0085), U+2028, U+2029. */
export const LINE_BREAK_CLASS = '\\t\\n\\u000b\\u000c\\r\\u0085\\u2028\\u2029';

/**
 * A lone surrogate: half of a UTF-16 pair without its other half (no character at all), as a
 * character class for a RegExp with the `u` (or `v`) flag, where a whole pair is one code point
 * and never matches (the same characters as `\p{Cs}` there).
 */
export const LONE_SURROGATE_CLASS = '\\ud800-\\udfff';

const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]+`, 'gu');
const BREAKS = new RegExp(`[${LINE_BREAK_CLASS}]+`, 'gu');
const SURROGATE = new RegExp(`[${LONE_SURROGATE_CLASS}]`, 'gu');
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
const ANY = new RegExp(`[${INVISIBLE_CLASS}${LINE_BREAK_CLASS}${LONE_SURROGATE_CLASS}]`, 'u');
const CONTROLS = new RegExp(`[${INVISIBLE_CLASS}${LINE_BREAK_CLASS}${LONE_SURROGATE_CLASS}]`, 'gu');

/**
 * `text` as every surface shows it, decided once where text enters the records (parseRecord):
 * - invisible characters (INVISIBLE_CLASS) are removed: they have no glyph, so what remains is
 *   what a reader saw anyway, and the PDF, the XML, the workbook, the pages and the terminal all
 *   show the same invoice number (`2026\u200b-0142` and `2026\u00ad-0142` are `2026-0142`
 *   everywhere, and no font is asked for a glyph it lacks);
 * - each run of tabs and line breaks becomes one space: every field the API sends is one line;
 * - a lone surrogate becomes U+FFFD, as an invalid UTF-8 byte does when a body is decoded: it is
 *   broken text, and U+FFFD is how Unicode marks what could not be read.
 * Clean text (the common case) is returned as it is, after one test.
 */
export function visibleText(text: string): string {
  // Printable ASCII holds none of the characters above (all controls are below U+0020 or DEL,
  // the rest lie past U+007F): most text from the API is that, and this test is far cheaper
  // than the Unicode property classes of ANY.
  if (!NOT_PRINTABLE_ASCII.test(text) || !ANY.test(text)) return text;
  return text.replace(INVISIBLE, '').replace(BREAKS, ' ').replace(SURROGATE, '\ufffd');
}

/** A run of line breaks: LINE_BREAK_CLASS without the tab. */
const LINE_BREAKS = new RegExp(`[${LINE_BREAK_CLASS.replace('\\t', '')}]+`, 'u');

/** `part` without the spaces and commas at its ends (a scan, not a RegExp that backtracks on long runs). */
function trimSeparators(part: string): string {
  const separator = (c: string) => c === ',' || c.trim() === '';
  let start = 0;
  let end = part.length;
  while (start < end && separator(part[start]!)) start++;
  while (end > start && separator(part[end - 1]!)) end--;
  return part.slice(start, end);
}

/**
 * visibleText of a field whose lines are its parts (the seller's address, "lines separated by
 * commas or line breaks"): the lines, without the spaces and commas at their ends and without
 * the empty ones, are joined by ", " first, so the parts stay apart in the one line every
 * surface shows: `Strandgade 12\r\n1401 København K\nDanmark` is `Strandgade 12, 1401 København
 * K, Danmark`, not `Strandgade 12 1401 København K Danmark`.
 */
export function visibleLines(text: string): string {
  if (!LINE_BREAKS.test(text)) return visibleText(text);
  // Each line made visible first, so a line of only invisible characters is an empty one.
  return text.split(LINE_BREAKS).map((line) => trimSeparators(visibleText(line))).filter((part) => part !== '').join(', ');
}

/** `\x1b`, `\u202e`, `\u{e0041}`: a control or invisible character written so it shows and does nothing. */
function escaped(c: string): string {
  const code = c.codePointAt(0)!;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code < 0x10000 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * Text from a server, a file or a user as it may be shown in a message, a log line or a CSV
 * cell: every character of the one definition above (ESC, NUL, CR, bidi overrides, zero-width
 * and tag characters, a lone surrogate ...) written as a visible escape such as `\x1b`, so it
 * can neither drive a terminal nor hide what it says. With `keepNewlines` a line feed stays a
 * line feed (multi-line messages we write ourselves); `keep` names other characters to leave
 * as they are (a CSV cell keeps tabs and line breaks).
 */
export function escapeControls(text: string, options: { keepNewlines?: boolean; keep?: string } = {}): string {
  const keep = (options.keep ?? '') + (options.keepNewlines ? '\n' : '');
  return text.replace(CONTROLS, (c) => (keep.includes(c) ? c : escaped(c)));
}
