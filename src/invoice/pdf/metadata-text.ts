import { visibleText } from '../../core/index.js';

/**
 * Text as it may stand in the document's metadata (Title, Author, Subject; XMP too): the one
 * rule for invisible characters (core/invisible-text.ts: removed, line breaks a space, a lone
 * surrogate U+FFFD), so the title says what the page says; U+FFFE/U+FFFF removed (XML cannot
 * hold them, and the XMP repeats this text); spaces collapse. A viewer's title bar or a file
 * manager then shows the name as written, never reordered or with an escape sequence in it.
 */
export function metadataText(text: string): string {
  const visible = visibleText(text);
  if (!/ {2}|^ | $|[\ufffe\uffff]/.test(visible)) return visible;
  return visible
    .replace(/[\ufffe\uffff]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
