import { fitSheetColumns, type CellInput, type Column } from './_columns.js';
import type { StyleBook } from './_styles.js';
import { TableWriter, type Look } from './_table.js';
import { addSheet } from './_workbook.js';
import type { PrintSetup, WorkbookWriter } from './xlsx/index.js';

/** A small table sheet in one go: header, rows, optional totals row, then note lines. */
export interface SimpleTable {
  name: string;
  /** The Excel table's name (letters, digits, underscores); unique in the workbook. */
  tableName: string;
  /** Page header and footer. */
  print: PrintSetup;
  columns: Column[];
  rows: CellInput[][];
  looks?: Array<Look | Look[]>;
  /** Per column: the sum for a SUM-formula totals cell, or undefined for none; omit for no totals row. */
  totals?: { label: string; sums: Array<number | undefined> };
  notes?: string[];
  /** Called after the notes, before the sheet ends (e.g. to place a chart below them). */
  below?: ((table: TableWriter) => void) | undefined;
}

/** Writes `table` as a sheet of `wb` and commits it. */
export async function writeSimpleTable(wb: WorkbookWriter, styles: StyleBook, table: SimpleTable): Promise<void> {
  const writer = new TableWriter(addSheet(wb, table.name, table.print, 1, table.tableName), styles, fitSheetColumns(table.columns, table.rows, table.totals?.sums));
  writer.header();
  table.rows.forEach((r, i) => writer.data(r, table.looks?.[i] ?? 'plain'));
  if (table.totals) writer.totals(table.totals.label, table.totals.sums);
  for (const note of table.notes ?? []) writer.line([note], [], 'note');
  table.below?.(writer);
  await writer.finish();
}

/** Sums column `j` of `rows` (numbers only); undefined when no row has a number there. */
export function columnSum(rows: CellInput[][], j: number): number | undefined {
  let sum: number | undefined;
  for (const r of rows) if (typeof r[j] === 'number') sum = (sum ?? 0) + r[j];
  return sum;
}
