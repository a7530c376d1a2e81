// Reads a workbook back with the `xlsx` package (SheetJS), a reader not written here.
import * as XLSX from 'xlsx';

export function readBook(bytes: Uint8Array): XLSX.WorkBook {
  return XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true, cellDates: false, cellStyles: true });
}

/** Rows of a sheet as arrays of raw values (cached results for formulas). */
export function rowsOf(book: XLSX.WorkBook, sheet: string): unknown[][] {
  const ws = book.Sheets[sheet];
  if (!ws) throw new Error(`no sheet "${sheet}" in ${book.SheetNames.join(', ')}`);
  return XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null });
}

export function cell(book: XLSX.WorkBook, sheet: string, address: string): XLSX.CellObject | undefined {
  return book.Sheets[sheet]?.[address] as XLSX.CellObject | undefined;
}

/** Finds the first row whose first cell equals `label`. */
export function rowLabelled(rows: unknown[][], label: string): unknown[] | undefined {
  return rows.find((r) => r[0] === label);
}
