// Reads a workbook back with the `xlsx` package (SheetJS), a reader not written here.
import * as XLSX from 'xlsx';

const OPTIONS: XLSX.ParsingOptions = { type: 'buffer', cellFormula: true, cellNF: true, cellDates: false, cellStyles: true };

/**
 * The workbook as SheetJS reads it, each sheet parsed when first looked at: most tests read two or
 * three of nine sheets, and parsing the others (the Days sheet above all) was most of their CPU.
 * A sheet read alone is the object the whole read gives (`sheets` only skips the others; checked
 * for every sheet of three cost workbooks); only `Workbook.Views`, which no test reads, stays unset.
 */
export function readBook(bytes: Uint8Array): XLSX.WorkBook {
  const book = XLSX.read(bytes, { ...OPTIONS, sheets: [] });
  const sheets: Record<string, XLSX.WorkSheet> = {};
  for (const name of book.SheetNames) {
    Object.defineProperty(sheets, name, {
      enumerable: true,
      configurable: true,
      get() {
        const ws = XLSX.read(bytes, { ...OPTIONS, sheets: [name] }).Sheets[name]!;
        Object.defineProperty(sheets, name, { value: ws, enumerable: true, writable: true });
        return ws;
      },
    });
  }
  book.Sheets = sheets;
  return book;
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

/** The rows of the block whose first cell starts with `heading`, up to the next empty row. */
export function block(rows: unknown[][], heading: string): unknown[][] {
  const start = rows.findIndex((r) => typeof r[0] === 'string' && r[0].startsWith(heading));
  if (start < 0) throw new Error(`no block "${heading}" in ${rows.map((r) => r[0]).filter(Boolean).join(' | ')}`);
  const end = rows.findIndex((r, i) => i > start && r.every((c) => c === null || c === ''));
  return rows.slice(start, end < 0 ? undefined : end);
}

/** A part of the workbook's zip as text (e.g. `xl/worksheets/sheet4.xml`). */
export function xmlOf(bytes: Uint8Array, path: string): string {
  // sheets: [] leaves the zip's parts as they are (all 51 of a Kattegat workbook byte-identical to a
  // whole read's) without parsing every sheet again at each call (5 calls: 0.78 -> 0.16 s of CPU).
  const raw = XLSX.read(bytes, { type: 'buffer', bookFiles: true, sheets: [] }) as XLSX.WorkBook & { files: Record<string, { content: Uint8Array }> };
  const file = raw.files[path];
  if (!file) throw new Error(`no ${path} in the workbook`);
  return Buffer.from(file.content).toString('utf8');
}
