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
  /** Page header and footer; orientation and repeated columns when not the writer's defaults. */
  print: PrintSetup;
}

/**
 * Plans a sheet: printed with `print` (one page wide, landscape where wide: the xlsx writer's
 * `pageLayout`); with `headerRow`, that row frozen, repeated on printed pages and, with
 * `tableName`, the top of an Excel table over the data rows.
 */
export function addSheet(wb: WorkbookWriter, name: string, print: PrintSetup, headerRow?: number, tableName?: string): SheetPlan {
  return { wb, name, headerRow, tableName: headerRow ? tableName : undefined, print };
}
