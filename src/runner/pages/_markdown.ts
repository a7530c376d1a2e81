import { visibleText } from '../../core/index.js';

/**
 * Text from the API as inert Markdown: one line, no control or bidirectional-override
 * characters (U+202E would make a name read backwards), every character Markdown or HTML could
 * act on backslash-escaped (CommonMark allows that for any ASCII punctuation), and nothing a
 * GFM viewer turns into a link: `://` and `www.` broken by an escape, and `@` (which GFM
 * links as an e-mail address even when escaped) preceded by a zero-width space entity.
 * Applied to every value from the API or the config. Checked with cmark-gfm's autolink extension.
 */
export function mdText(value: string): string {
  return visibleText(value)
    .replace(/[\\`*_{}[\]<>#!|~&]/g, (c) => `\\${c}`)
    .replace(/([a-z][a-z0-9+.]*):\/\//gi, '$1\\://')
    .replace(/\bwww\./gi, 'www\\.')
    .replace(/@/g, '&#8203;@')
    .trim();
}
