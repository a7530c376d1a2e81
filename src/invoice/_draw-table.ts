import { COLORS, COLUMNS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { ROW, type TableRow } from './_rows.js';
import { fitSize } from './_text.js';
import type { InvoiceWords } from './_words.js';
import type { PageContent } from './pdf/content.js';

export const TABLE_HEADER_HEIGHT = 20;
const DESC_X = COLUMNS.descLeft + 6;

/** The column titles on an accent band; returns the y below it. */
export function drawTableHeader(page: PageContent, ink: Ink, words: InvoiceWords, top: number): number {
  page.fillRect(PAGE.left, top - TABLE_HEADER_HEIGHT, PAGE.right - PAGE.left, TABLE_HEADER_HEIGHT, ink.accent);
  const y = top - 13.5;
  const size = 8;
  page.text(ink.bold, size, DESC_X, y, words.table.description, ink.onAccent);
  const col = (text: string, right: number, width: number): void => {
    textRight(page, ink.bold, fitSize(ink.bold, size, text, width), right, y, text, ink.onAccent);
  };
  col(words.table.quantity, COLUMNS.qtyRight, 44);
  col(words.table.unitPrice, COLUMNS.unitRight, 86);
  col(words.table.amount, COLUMNS.amountRight - 6, 84);
  return top - TABLE_HEADER_HEIGHT;
}

function number(page: PageContent, ink: Ink, text: string, right: number, width: number, y: number): void {
  textRight(page, ink.regular, fitSize(ink.regular, ROW.size, text, width), right, y, text, COLORS.text);
}

/** Draws `rows` from `top` down; returns the y below the last row. */
export function drawRows(page: PageContent, ink: Ink, rows: TableRow[], top: number): number {
  let y = top;
  for (const row of rows) {
    if (row.provider) {
      const x = DESC_X + ROW.providerIndent;
      page.line(x - 7, y - 1, x - 7, y - row.height + (row.groupEnd ? ROW.ruleGap : 0) + 1, ink.accent, 0.8);
      let base = y - ROW.providerLineHeight + 2;
      for (const line of row.lines) {
        page.text(ink.regular, ROW.providerSize, x, base, line, COLORS.muted);
        base -= ROW.providerLineHeight;
      }
    } else {
      let base = y - ROW.padTop - 8;
      if (row.numbers) {
        number(page, ink, row.numbers.quantity, COLUMNS.qtyRight, 44, base);
        number(page, ink, row.numbers.unitPrice, COLUMNS.unitRight, 86, base);
        number(page, ink, row.numbers.amount, COLUMNS.amountRight - 6, 84, base);
      }
      for (const line of row.lines) {
        page.text(ink.regular, ROW.size, DESC_X, base, line, COLORS.text);
        base -= ROW.lineHeight;
      }
    }
    y -= row.height;
    if (row.groupEnd) page.line(PAGE.left, y, PAGE.right, y, COLORS.rule, 0.5);
  }
  return y;
}
