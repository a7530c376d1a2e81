import type { Writable } from 'node:stream';
import { WorkbookWriter, type PrintSetup } from './xlsx/index.js';

/** The workbook being written and what `finish` resolves to. */
export interface StreamingBook {
  wb: WorkbookWriter;
  /** Completes the workbook; resolves with the bytes when no stream was given. */
  finish(): Promise<Uint8Array | undefined>;
}

/**
 * A workbook written sheet by sheet into `out` (which it ends), or into memory when `out` is
 * absent. `stamp`, a date from the data, is the document's date, so the same input gives the
 * same bytes.
 */
export function openBook(stamp: Date, out?: Writable): StreamingBook {
  const wb = new WorkbookWriter(stamp, out);
  return { wb, finish: () => wb.finish() };
}

/** A sheet about to be written: its name, header row, table name and print setup (see `TableWriter`). */
export interface SheetPlan {
  wb: WorkbookWriter;
  name: string;
  headerRow: number | undefined;
  /** The Excel table over the header and data rows; none without a header row. */
  tableName: string | undefined;
  /** Page header and footer, orientation, columns to repeat when the sheet is too wide to fit. */
  print: PrintSetup;
}

/**
 * Plans a sheet: printed with `print` (landscape unless it says otherwise; see `readablePrint`
 * for the width); with `headerRow`, that row frozen, repeated on printed pages and, with
 * `tableName`, the top of an Excel table over the data rows.
 */
export function addSheet(wb: WorkbookWriter, name: string, print: PrintSetup, headerRow?: number, tableName?: string): SheetPlan {
  return { wb, name, headerRow, tableName: headerRow ? tableName : undefined, print };
}

// Points a character of column width takes in print. Excel (Calibri 11) gives about 5.25; LibreOffice
// (Carlito) about 7, measured in its PDFs of these sheets. The larger keeps 8 pt in both.
const PT_PER_CHAR = 7;
// A4 less the sheets' 0.6 in side margins (see the xlsx writer's page margins).
const PRINTABLE_WIDTH_PT = { landscape: 755, portrait: 509 };
// 11 pt text printed at 8 pt or larger.
const MIN_SCALE = 8 / 11;
/** Print scale of a sheet too wide for one page at a readable size: 8.8 pt. */
const WIDE_SCALE = 80;

/** The scale a sheet of these column widths prints at when fitted to the page width (1 when it fits as it is). */
export function fitScale(widths: number[], orientation: 'portrait' | 'landscape' = 'landscape'): number {
  const need = widths.reduce((a, w) => a + w, 0) * PT_PER_CHAR;
  return Math.min(1, PRINTABLE_WIDTH_PT[orientation] / need);
}

/**
 * `print` for a sheet of these column widths: fitted to one page wide when that keeps its text
 * at 8 pt or more; otherwise printed at 80 % (8.8 pt) across several pages, left to right before
 * down, with the columns `print.repeatColumns` names (the key's id and name) repeated on every page.
 */
export function readablePrint(print: PrintSetup, widths: number[]): PrintSetup {
  const fit = fitScale(widths, print.orientation);
  // A sheet that fits as it is prints at full size (LibreOffice's fit-to-width added a blank page after such a sheet).
  if (fit >= 1) return { ...print, fitToWidth: false, scale: 100 };
  if (fit >= MIN_SCALE) return { ...print, fitToWidth: true };
  return { ...print, fitToWidth: false, scale: WIDE_SCALE, pageOrder: 'overThenDown' };
}
