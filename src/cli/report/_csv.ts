// Each cell is core's csvCell (core/csv/csv-cell.ts), the one CSV cell rule.

/** Rows joined with CRLF, as RFC 4180 asks. */
export function csvText(rows: string[][]): string {
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
