// Reads outputs back with readers not written here: pdfjs-dist for PDFs, SheetJS for workbooks.
import * as XLSX from 'xlsx';

export { pdfText } from '../_pdf-text.js';

/**
 * The workbook's sheet names, from its own list without parsing a sheet (SheetJS's bookSheets):
 * 0.01 s of CPU for a cost workbook against 0.09-0.12 s for a whole read.
 */
export function sheetNames(bytes: Uint8Array): string[] {
  return XLSX.read(bytes, { type: 'buffer', bookSheets: true }).SheetNames;
}
