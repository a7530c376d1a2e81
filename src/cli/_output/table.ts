import type { Style } from './style.js';
import { textWidth, truncate } from './sanitize.js';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** This column gives up width (its cells are cut with `…`) when the table is too wide. */
  flex?: boolean;
  /** The narrowest a flex column may become. */
  min?: number;
  /** Spaces before this column (default 2). */
  gap?: number;
}

const gapOf = (c: Column, i: number) => (i === 0 ? 0 : (c.gap ?? 2));

function pad(s: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - textWidth(s)));
  return align === 'right' ? fill + s : s + fill;
}

/**
 * A plain-text table that fits `maxWidth` columns: natural widths, then the flex columns shrink.
 * Rows after a `null` entry are set off by a rule (used for TOTAL rows). Cells are already plain text.
 */
export function renderTable(columns: Column[], rows: Array<string[] | null>, maxWidth: number, style: Style): string {
  const widths = columns.map((c, i) => Math.max(textWidth(c.header), ...rows.map((r) => (r ? textWidth(r[i] ?? '') : 0))));
  const gaps = columns.reduce((a, c, i) => a + gapOf(c, i), 0);
  const total = widths.reduce((a, b) => a + b, 0) + gaps;
  // Too wide: flex columns give up width, the last one first, each down to its minimum.
  let excess = total - maxWidth;
  for (let i = columns.length - 1; i >= 0 && excess > 0; i--) {
    const c = columns[i]!;
    if (!c.flex) continue;
    const give = Math.min(excess, widths[i]! - Math.min(widths[i]!, c.min ?? textWidth(c.header)));
    widths[i] = widths[i]! - give;
    excess -= give;
  }
  const line = (cells: string[], header = false) => {
    const text = cells
      .map((cell, i) => ' '.repeat(gapOf(columns[i]!, i)) + pad(truncate(cell, widths[i]!), widths[i]!, columns[i]!.align ?? 'left'))
      .join('')
      .trimEnd();
    return header ? style.bold(text) : text;
  };
  const out = [line(columns.map((c) => c.header), true)];
  const ruleWidth = Math.min(maxWidth, widths.reduce((a, b) => a + b, 0) + gaps);
  for (const row of rows) out.push(row ? line(row) : style.dim('─'.repeat(ruleWidth)));
  return out.join('\n') + '\n';
}
