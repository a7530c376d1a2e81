import { escapeControls } from '../invisible-text.js';

/**
 * One CSV cell (RFC 4180), the one rule for every CSV this package writes (the month end's
 * books/journal.csv, `svc report keys --csv`). Text from the API is data: control characters other
 * than tab and line breaks (which a quoted cell holds as data) are written as visible escapes such
 * as `\x1b` (ESC, NUL, bidi overrides: core/invisible-text.ts), so the CSV printed on a terminal
 * cannot drive it; a cell that a spreadsheet would read as a formula (leading =, +, -, @, tab or
 * CR) gets a leading apostrophe; then it is quoted where it holds a comma, a quote or a line
 * break. Numbers we produce (`kind` 'number') pass as they are.
 */
export function csvCell(value: string | number | boolean | null | undefined, kind: 'text' | 'number' = 'text'): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (kind === 'text') {
    s = escapeControls(s, { keep: '\t\r\n' });
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  }
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
