/**
 * Text from the API as inert Markdown: one line, every character Markdown or HTML could act on
 * backslash-escaped (CommonMark allows that for any ASCII punctuation), and URLs broken so no
 * viewer turns them into links. Applied to every value from the API or the config.
 */
export function mdText(value: string): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu, ' ')
    .replace(/[\\`*_{}[\]<>#!|~&]/g, (c) => `\\${c}`)
    .replace(/([a-z][a-z0-9+.]*):\/\//gi, '$1\\://')
    .replace(/\bwww\./gi, 'www\\.')
    .trim();
}
