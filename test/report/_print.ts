// Workbooks printed the way a user prints them: LibreOffice converts them to PDF, and poppler's
// pdftotext and pdfinfo (readers not written here) read the pages back.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { readBook } from './_read.js';

/** One printed page: its text in content order (`pdftotext -raw`), the sheet its page header names, and its text below the header and footer. */
export interface PrintedPage {
  text: string;
  sheet: string | undefined;
  body: string;
}

/** A LibreOffice profile of its own under `dir` (a shared one would clash with another test's soffice). */
function profile(dir: string): string {
  const p = join(dir, 'profile');
  mkdirSync(join(p, 'user'), { recursive: true });
  return p;
}

/** Converts every workbook in `files` to `<outDir>/<name>.pdf` in one LibreOffice run. */
export function printToPdf(dir: string, files: string[]): string {
  const outDir = join(dir, 'pdf');
  mkdirSync(outDir, { recursive: true });
  execFileSync('soffice', [`-env:UserInstallation=file://${profile(dir)}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, ...files], { stdio: 'ignore', timeout: 300_000 });
  return outDir;
}

export function pageCount(pdf: string): number {
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
}

const FOOTER = /(Side|Page) \d+ (af|of) \d+/;

/**
 * The text of each page of `pdf` (`pdftotext -raw`), from one pdftotext run for the whole document
 * rather than one a page: its pages end in form feeds, each page's text byte for byte what
 * `-f p -l p` prints. Cached by path: each PDF is written once, then read by several tests.
 */
const pageTexts = new Map<string, string[]>();
function textOfPages(pdf: string): string[] {
  let texts = pageTexts.get(pdf);
  if (texts === undefined) {
    const n = pageCount(pdf);
    texts = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1).map((t) => `${t}\f`);
    // A form feed inside a page's text would shift every later page: pdfinfo's count says so.
    if (texts.length !== n) throw new Error(`${pdf}: pdftotext gave ${texts.length} pages, pdfinfo says ${n}`);
    pageTexts.set(pdf, texts);
  }
  return texts;
}

/**
 * The printed pages of `pdf`, each with the sheet its page header names: the header (organization,
 * sheet, period) and footer come first in content order, up to the "Page x of y" line.
 */
export function printedPages(pdf: string, sheetNames: string[]): PrintedPage[] {
  const pages: PrintedPage[] = [];
  let at = 0;
  for (const text of textOfPages(pdf)) {
    const lines = text.split('\n');
    const end = lines.findIndex((l) => FOOTER.test(l));
    const head = ` ${lines.slice(0, end + 1).join(' ')} `;
    // Sheets print in tab order: this page's sheet is the last one's or a later one.
    const found = sheetNames.findIndex((s, i) => i >= at && head.includes(` ${s} `));
    if (found >= 0) at = found;
    pages.push({ text, sheet: found >= 0 ? sheetNames[found] : undefined, body: lines.slice(end + 1).join('\n').trim() });
  }
  return pages;
}

/** Text compared without whitespace, control characters or compatibility forms (a PDF's ligatures and shaped Arabic). */
export const squeeze = (s: string) => s.normalize('NFKC').replace(/[\s\p{Cc}\p{Cf}]+/gu, '');

/** The workbook at `file` as _read.ts's readBook gives it (SheetJS), read once: the tests read each several times and never change one. */
const books = new Map<string, XLSX.WorkBook>();
export function bookAt(file: string): XLSX.WorkBook {
  let book = books.get(file);
  if (book === undefined) books.set(file, (book = readBook(readFileSync(file))));
  return book;
}

/** Every string cell of every sheet of the workbook at `file`, by sheet (SheetJS, a reader not written here). */
export function stringCells(file: string): Map<string, Array<{ ref: string; text: string }>> {
  const book = bookAt(file);
  const out = new Map<string, Array<{ ref: string; text: string }>>();
  for (const name of book.SheetNames) {
    const ws = book.Sheets[name]!;
    const cells: Array<{ ref: string; text: string }> = [];
    for (const [ref, c] of Object.entries(ws)) if (!ref.startsWith('!') && (c as XLSX.CellObject).t === 's' && String((c as XLSX.CellObject).v).trim()) cells.push({ ref, text: String((c as XLSX.CellObject).v) });
    out.set(name, cells);
  }
  return out;
}

/** The texts of row 1 of a sheet (its column headers), left to right. */
export function headerRow(file: string, sheet: string): string[] {
  const ws = bookAt(file).Sheets[sheet]!;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, blankrows: true });
  return (rows[0] ?? []).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

export function writeBook(dir: string, name: string, bytes: Uint8Array): string {
  const file = join(dir, `${name}.xlsx`);
  writeFileSync(file, bytes);
  return file;
}
