import { visibleText } from '../../core/index.js';

/**
 * Text as it may be printed: the one rule of core/invisible-text.ts (records from the API have
 * had it applied already; flag values and other text get it here), so ESC cannot drive the
 * terminal and a zero-width character cannot widen a table's column. Data stays data.
 */
export function plainText(s: string): string {
  return visibleText(s);
}

/** `s` cut to `width` characters with `…` when longer. */
export function truncate(s: string, width: number): string {
  const chars = [...s];
  if (chars.length <= width) return s;
  if (width <= 1) return '…'.slice(0, width);
  return chars.slice(0, width - 1).join('') + '…';
}

/** Columns `s` takes in a terminal, counted as characters (code points): the CLI's tables' one measure (the workbook's textWidth counts Excel's units). */
export function terminalColumns(s: string): number {
  return [...s].length;
}
