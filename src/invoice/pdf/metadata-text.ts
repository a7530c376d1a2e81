/**
 * Text as it may stand in the document's metadata (Title, Author, Subject; XMP too): line
 * breaks and tabs become spaces, every other control character (NUL, BEL, ESC, C1) and every
 * bidi control (U+200E/F, U+202A–U+202E, U+2066–U+2069) is removed, lone surrogates and U+FFFE/U+FFFF too (XML cannot hold them, and the XMP
 * repeats this text), and
 * spaces collapse. A viewer's title bar or a file manager then shows the name as written,
 * never reordered or with an escape sequence in it.
 */
// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]| {2}|^ | $/;

export function metadataText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text
    .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
