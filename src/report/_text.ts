/** Excel refuses cells longer than this many characters. */
const MAX_CELL_CHARS = 32_767;

// An OOXML string may carry `_xHHHH_` escapes that readers decode; a literal one must itself be escaped.
const ESCAPE_LIKE = /_x([0-9A-Fa-f]{4})_/g;
// Characters XML 1.0 cannot carry, and CR, which every XML parser turns into LF (XML 1.0 §2.11):
// written as `_xHHHH_` so they come back as sent instead of vanishing or changing.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B-\u001F\uFFFE\uFFFF]/g;

/**
 * Text from the API as the exact characters a cell must show. It is always written as a
 * string cell (never a formula), so `=HYPERLINK(...)`, `+1-2` or `@x` stay text; this only
 * makes sure the XML layer does not alter it on the way.
 */
export function cellText(text: string): string {
  let out = text;
  if (out.includes('_x')) out = out.replace(ESCAPE_LIKE, '_x005F_x$1_');
  out = out.replace(XML_INVALID, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
  return out.length > MAX_CELL_CHARS ? out.slice(0, MAX_CELL_CHARS) : out;
}

/** Display width of a text in Excel's character units (rough: wide glyphs count double). */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0)! > 0x2e80 ? 2 : 1;
  return w;
}

/** Lines `text` takes when wrapped at word boundaries within `width` characters (a longer word breaks). */
export function wrappedLines(text: string, width: number): number {
  const w = Math.max(1, width);
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let used = 0;
    lines++;
    for (const word of paragraph.split(/ +/)) {
      const len = textWidth(word);
      if (used > 0 && used + 1 + len <= w) used += 1 + len;
      else if (used === 0 && len <= w) used = len;
      else {
        if (used > 0) lines++;
        lines += Math.ceil(len / w) - 1;
        used = len % w || w;
      }
    }
  }
  return lines;
}
