/** Excel refuses cells longer than this many characters. */
const MAX_CELL_CHARS = 32_767;

// An OOXML string may carry `_xHHHH_` escapes that readers decode; a literal one must itself be escaped.
const ESCAPE_LIKE = /_x([0-9A-Fa-f]{4})_/g;
// Characters XML 1.0 cannot carry, and CR, which every XML parser turns into LF (XML 1.0 §2.11):
// written as `_xHHHH_` so they come back as sent instead of vanishing or changing.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /_x|[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/;

/**
 * Text from the API as the exact characters a cell must show. It is always written as a
 * string cell (never a formula), so `=HYPERLINK(...)`, `+1-2` or `@x` stay text; this only
 * makes sure the XML layer does not alter it on the way.
 */
export function cellText(text: string): string {
  // Most text needs neither change: one scan says so.
  if (!NEEDS_ESCAPE.test(text)) return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
  let out = text;
  if (out.includes('_x')) out = out.replace(ESCAPE_LIKE, '_x005F_x$1_');
  out = out.replace(XML_INVALID, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
  return out.length > MAX_CELL_CHARS ? out.slice(0, MAX_CELL_CHARS) : out;
}

/** Display width of a text in Excel's character units (rough: wide glyphs count double). */
export function textWidth(text: string): number {
  // By UTF-16 unit, not `for...of` (a string per character): a surrogate pair is one code point
  // above U+2E80 (two columns), and so is a lone surrogate.
  let w = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x2e80) w++;
    else {
      w += 2;
      if (c <= 0xdbff && c >= 0xd800 && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    }
  }
  return w;
}

/**
 * Lines `text` takes when wrapped at word boundaries within `width` characters (a longer word
 * breaks). Paragraphs end at `\n`, words at runs of spaces; read a character at a time (the
 * Keys sheet asks for every long name, and splitting into arrays of words was most of its cost).
 */
export function wrappedLines(text: string, width: number): number {
  const w = Math.max(1, width);
  if (fitsOneLine(text, w)) return 1;
  const line = WRAP;
  line.width = w;
  line.lines = 1;
  line.used = 0;
  let len = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      place(line, len);
      len = 0;
      while (i + 1 < n && text.charCodeAt(i + 1) === 0x20) i++;
    } else if (c === 0x0a) {
      place(line, len);
      len = 0;
      line.lines++;
      line.used = 0;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one code point, above U+2E80: two columns, as in `textWidth`.
      len += 2;
      i++;
    } else {
      len += c > 0x2e80 ? 2 : 1;
    }
  }
  place(line, len);
  return line.lines;
}

/** The paragraph line being filled by `wrappedLines` (one, reused: it runs to its end without yielding). */
interface WrapState {
  width: number;
  lines: number;
  used: number;
}

const WRAP: WrapState = { width: 1, lines: 1, used: 0 };

/**
 * Places a word `len` columns wide on the paragraph's line, as a word-wrapping reader does. A
 * function of the module, not a closure made per call (V8 drops a closure's optimized code at each
 * full collection: bench/README.md, issue 42).
 */
function place(line: WrapState, len: number): void {
  const w = line.width;
  if (line.used > 0 && line.used + 1 + len <= w) line.used += 1 + len;
  else if (line.used === 0 && len <= w) line.used = len;
  else {
    if (line.used > 0) line.lines++;
    line.lines += Math.ceil(len / w) - 1;
    line.used = len % w || w;
  }
}

/**
 * Whether `text` is one paragraph no wider than `w` (the common case: a key's name in its
 * fitted column), counted as `textWidth` counts it; one plain scan, no word splitting.
 */
function fitsOneLine(text: string, w: number): boolean {
  if (text.length > w) return false;
  let used = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return false;
    if (c <= 0x2e80) used++;
    else {
      // Wide, or a surrogate pair (one code point): two columns, as `wrappedLines` counts them.
      used += 2;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    }
  }
  return used <= w;
}
