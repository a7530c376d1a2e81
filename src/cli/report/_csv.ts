import { escapeControls } from '../../core/index.js';

/**
 * One CSV cell (RFC 4180). Text from the API is data: control characters other than tab and
 * line breaks (which a quoted cell holds as data) are written as visible escapes such as `\x1b`
 * (ESC, NUL, bidi overrides), so the CSV printed on a terminal cannot drive it; a cell that a
 * spreadsheet would read as a formula (leading =, +, -, @, tab or CR) gets a leading apostrophe.
 * Numbers we produce pass as is.
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

/** Rows joined with CRLF, as RFC 4180 asks. */
export function csvText(rows: string[][]): string {
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
