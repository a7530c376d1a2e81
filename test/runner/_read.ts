// Reads outputs back with readers not written here: pdfjs-dist for PDFs, SheetJS for workbooks.
import * as XLSX from 'xlsx';

export { pdfText } from '../_pdf-text.js';

export function sheetNames(bytes: Uint8Array): string[] {
  return XLSX.read(bytes, { type: 'buffer' }).SheetNames;
}
