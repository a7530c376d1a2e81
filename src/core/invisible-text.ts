/**
 * The one definition of the characters in text from outside (the API, a file, a flag) that a
 * reader cannot see but that act on how text is shown (issue 26):
 * - C0 controls but tab, LF, VT, FF, CR (those are LINE_BREAK_CLASS), DEL, C1 controls but NEL;
 * - bidirectional marks, embeddings, overrides and isolates: U+200E, U+200F, U+202A–U+202E,
 *   U+2066–U+2069 (U+202E makes "fdp.exe" read "exe.pdf");
 * - zero-width space, non-joiner, joiner, word joiner and the BOM: U+200B–U+200D, U+2060,
 *   U+FEFF (they misalign terminal tables and make equal-looking invoice numbers differ).
 * Every surface takes its character set from here; none keeps a list of its own.
 */
export const INVISIBLE_CLASS = '\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u0084\\u0086-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff';

/** Tab and the line and paragraph breaks: LF, VT, FF, CR, NEL (U+0085), U+2028, U+2029. */
export const LINE_BREAK_CLASS = '\\t\\n\\u000b\\u000c\\r\\u0085\\u2028\\u2029';

/** A lone surrogate: half of a UTF-16 pair without its other half (no character at all). */
export const LONE_SURROGATE = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';

const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]+`, 'g');
const BREAKS = new RegExp(`[${LINE_BREAK_CLASS}]+`, 'g');
const SURROGATE = new RegExp(LONE_SURROGATE, 'g');
const ANY = new RegExp(`[${INVISIBLE_CLASS}${LINE_BREAK_CLASS}\\ud800-\\udfff]`);

/**
 * `text` as every surface shows it, decided once where text enters the records (parseRecord):
 * - invisible characters (INVISIBLE_CLASS) are removed: they have no glyph, so what remains is
 *   what a reader saw anyway, and the PDF, the XML, the workbook, the pages and the terminal all
 *   show the same invoice number (`2026\u200b-0142` is `2026-0142` everywhere);
 * - each run of tabs and line breaks becomes one space: every field the API sends is one line;
 * - a lone surrogate becomes U+FFFD, as an invalid UTF-8 byte does when a body is decoded: it is
 *   broken text, and U+FFFD is how Unicode marks what could not be read.
 * Clean text (the common case) is returned as it is, after one test.
 */
export function visibleText(text: string): string {
  if (!ANY.test(text)) return text;
  return text.replace(INVISIBLE, '').replace(BREAKS, ' ').replace(SURROGATE, '\ufffd');
}
