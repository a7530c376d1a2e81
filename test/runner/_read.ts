// Reads outputs back with readers not written here: pdfjs-dist for PDFs, SheetJS for workbooks,
// Python's csv module for books/journal.csv.
import { execFileSync } from 'node:child_process';
import * as XLSX from 'xlsx';

export { pdfText } from '../_pdf-text.js';

/**
 * The workbook's sheet names, from its own list without parsing a sheet (SheetJS's bookSheets):
 * 0.01 s of CPU for a cost workbook against 0.09-0.12 s for a whole read.
 */
export function sheetNames(bytes: Uint8Array): string[] {
  return XLSX.read(bytes, { type: 'buffer', bookSheets: true }).SheetNames;
}

/** One row of books/journal.csv, every cell a string. */
export interface JournalRow { date: string; voucher: string; account: string; text: string; amount_dkk: string; vat_code: string; currency: string; amount_currency: string }

/** journal.csv as Python's csv module reads it (RFC 4180), every cell a string. */
export function readJournal(path: string): JournalRow[] {
  const py = 'import csv, json, sys\nwith open(sys.argv[1], newline="", encoding="utf-8") as f: print(json.dumps(list(csv.DictReader(f))))';
  return JSON.parse(execFileSync('python3', ['-c', py, path], { encoding: 'utf8' })) as JournalRow[];
}

/** A journal amount (a decimal string of DKK with a point) as øre, exactly (no float). */
export const journalOre = (text: string): bigint => {
  const m = /^(-?)(\d+)\.(\d\d)$/.exec(text)!;
  return (m[1] ? -1n : 1n) * (BigInt(m[2]!) * 100n + BigInt(m[3]!));
};
