import type { Style } from './style.js';
import { terminalColumns, truncate } from './sanitize.js';
import { wrap } from './wrap.js';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** A text column: it gives up width (its cells are cut with `…`) when the table is too wide. */
  flex?: boolean;
  /** The narrowest a flex column may become. */
  min?: number;
  /**
   * When the table is still too wide with every text column at its narrowest, columns with
   * `drop` are left out, 1 first (the least important). A column without it is always shown.
   */
  drop?: number;
  /** Spaces before this column (default 2). */
  gap?: number;
}

const gapOf = (c: Column, position: number) => (position === 0 ? 0 : (c.gap ?? 2));

function pad(s: string, width: number, align: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, width - terminalColumns(s)));
  return align === 'right' ? fill + s : s + fill;
}

interface Layout {
  /** Indexes of the columns shown, in order. */
  shown: number[];
  /** Width of every column (of the shown ones, that is). */
  widths: number[];
}

const totalWidth = (columns: Column[], { shown, widths }: Layout) => shown.reduce((sum, i, pos) => sum + gapOf(columns[i]!, pos) + widths[i]!, 0);

/** The shown columns at their natural widths, then the widest text column narrowed one character at a time until the table fits or none can give more. */
function shrink(columns: Column[], natural: number[], shown: number[], maxWidth: number): Layout {
  const layout = { shown, widths: [...natural] };
  let excess = totalWidth(columns, layout) - maxWidth;
  while (excess > 0) {
    let widest = -1;
    for (const i of shown) {
      const c = columns[i]!;
      const min = Math.min(natural[i]!, c.min ?? terminalColumns(c.header));
      if (c.flex && layout.widths[i]! > min && (widest < 0 || layout.widths[i]! >= layout.widths[widest]!)) widest = i;
    }
    if (widest < 0) break;
    layout.widths[widest]!--;
    excess--;
  }
  return layout;
}

/**
 * How a table fits `maxWidth` columns, the one rule for every table `svc` prints: the natural
 * widths; if too wide, the widest text column is shortened first (cells cut with `…`); if that
 * is not enough, the least important columns (`drop`) are left out one by one. An unbounded
 * width (output into a pipe or a file) keeps every column whole.
 */
export function fitColumns(columns: Column[], natural: number[], maxWidth: number): Layout {
  let shown = columns.map((_, i) => i);
  const droppable = shown.filter((i) => columns[i]!.drop !== undefined).sort((a, b) => columns[a]!.drop! - columns[b]!.drop!);
  for (;;) {
    const layout = shrink(columns, natural, shown, maxWidth);
    const next = droppable.shift();
    if (totalWidth(columns, layout) <= maxWidth || next === undefined) return layout;
    shown = shown.filter((i) => i !== next);
  }
}

/**
 * A plain-text table that fits `maxWidth` columns (see fitColumns; `Infinity` for full rows).
 * Rows after a `null` entry are set off by a rule (used for TOTAL rows). Cells are already plain
 * text. Columns left out are named on a line under the table, so nothing vanishes unsaid.
 */
export function renderTable(columns: Column[], rows: Array<string[] | null>, maxWidth: number, style: Style): string {
  const natural = columns.map((c, i) => Math.max(terminalColumns(c.header), ...rows.map((r) => (r ? terminalColumns(r[i] ?? '') : 0))));
  const layout = fitColumns(columns, natural, maxWidth);
  const { shown, widths } = layout;
  const line = (cells: string[], header = false) => {
    const text = shown
      .map((i, pos) => ' '.repeat(gapOf(columns[i]!, pos)) + pad(truncate(cells[i] ?? '', widths[i]!), widths[i]!, columns[i]!.align ?? 'left'))
      .join('')
      .trimEnd();
    return header ? style.bold(text) : text;
  };
  const out = [line(columns.map((c) => c.header), true)];
  const ruleWidth = Math.min(maxWidth, totalWidth(columns, layout));
  for (const row of rows) out.push(row ? line(row) : style.dim('─'.repeat(ruleWidth)));
  const hidden = columns.filter((_, i) => !shown.includes(i)).map((c) => c.header);
  if (hidden.length) {
    const note = `Not shown at this width: ${hidden.join(', ')} (a wider window, or output into a pipe, shows ${hidden.length > 1 ? 'them' : 'it'}).`;
    out.push(...wrap(note, maxWidth, '').map(style.dim));
  }
  return out.join('\n') + '\n';
}
