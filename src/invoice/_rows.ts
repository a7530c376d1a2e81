import type { InvoiceLine } from '../model/index.js';
import { COLUMNS } from './_theme.js';
import type { Ink } from './_ink.js';
import { wrapToPoints } from './_text.js';
import type { InvoiceWords } from './_words.js';

export const ROW = {
  size: 9,
  lineHeight: 11.5,
  padTop: 5,
  padBottom: 4,
  providerSize: 8,
  providerLineHeight: 10.5,
  providerIndent: 16,
  /** Space above the rule that closes a group. */
  ruleGap: 3,
};

/** One printed table row (or a fragment of a very tall one). */
export interface TableRow {
  provider: boolean;
  lines: string[];
  /** Numbers are shown on a line's first fragment only. */
  numbers?: { quantity: string; unitPrice: string; amount: string };
  /** Height including the rule gap when it ends a group. */
  height: number;
  /** Index of the group (a line and its provider sub-lines) the row belongs to. */
  group: number;
  /** Last row of its group: a rule follows it. */
  groupEnd: boolean;
}

const lineRowHeight = (n: number): number => ROW.padTop + ROW.padBottom + n * ROW.lineHeight;
const providerRowHeight = (n: number): number => 1 + n * ROW.providerLineHeight;

/**
 * The invoice's lines in `sort_order` as table rows: descriptions wrapped, provider lines
 * as informational sub-rows of the usage line above, rows taller than `maxHeight` split.
 */
export function tableRows(lines: readonly InvoiceLine[], words: InvoiceWords, ink: Ink, maxHeight: number): TableRow[] {
  const sorted = [...lines].sort((a, b) => a.sort_order - b.sort_order);
  const rows: TableRow[] = [];
  let group = -1;
  for (const line of sorted) {
    const provider = line.kind === 'usage_provider';
    if (!provider || group < 0) group++;
    if (provider) {
      const text = wrapToPoints(ink.regular, ROW.providerSize, words.provider(line.description, line.line_total_cents), COLUMNS.descWidth - ROW.providerIndent);
      pushSplit(rows, text, true, group, providerRowHeight, maxHeight);
    } else {
      const text = wrapToPoints(ink.regular, ROW.size, line.description, COLUMNS.descWidth);
      const numbers = {
        quantity: words.count(line.quantity),
        unitPrice: words.amount(line.unit_price_cents),
        amount: words.amount(line.line_total_cents),
      };
      pushSplit(rows, text, false, group, lineRowHeight, maxHeight, numbers);
    }
  }
  rows.forEach((row, i) => {
    row.groupEnd = rows[i + 1]?.group !== row.group;
    if (row.groupEnd) row.height += ROW.ruleGap;
  });
  return rows;
}

function pushSplit(
  rows: TableRow[],
  text: string[],
  provider: boolean,
  group: number,
  height: (n: number) => number,
  maxHeight: number,
  numbers?: TableRow['numbers'],
): void {
  let perRow = text.length;
  while (perRow > 1 && height(perRow) > maxHeight) perRow--;
  for (let i = 0; i < text.length; i += perRow) {
    const part = text.slice(i, i + perRow);
    rows.push({ provider, lines: part, ...(i === 0 && numbers ? { numbers } : {}), height: height(part.length), group, groupEnd: false });
  }
}
