import { INVISIBLE_CLASS } from '../../core/index.js';

// What JSON.stringify leaves raw but a terminal acts on: the invisible characters and the line
// breaks beyond the C0 ones it already escapes (NEL, U+2028, U+2029). None is JSON's own
// whitespace (its indentation's line feeds stay), so they can only stand inside strings, and
// replacing them everywhere changes no structure.
const RAW = new RegExp(`[${INVISIBLE_CLASS}\\u0085\\u2028\\u2029]`, 'gu');

// Each UTF-16 unit as JSON writes one: a tag character (U+E0041) is its surrogate pair `\udb40\udc41`.
const escaped = (c: string) => [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/**
 * `value` as `--json` prints it: indented two spaces, one line feed at the end, and every
 * bidi, zero-width or other invisible character written as its `\uXXXX` escape. A JSON reader
 * gets exactly the same strings (`--json` prints the answer as sent); a person at a terminal
 * sees the escape instead of text an U+202E has reversed.
 */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(RAW, escaped)}\n`;
}
