import { columnLetter, isSpace, type FormulaValue } from './xlsx/index.js';
import type { ColumnKind } from './_styles.js';
import { textWidth } from './_text.js';

/** One column of a table sheet: its header, how values are shown, and its width in characters. */
export interface Column {
  header: string;
  kind: ColumnKind;
  width?: number;
}

/** A formula with the value it evaluates to, stored as the cached result so readers see it at once. */
export type Formula = FormulaValue;

/** A cell as the sheet builders hand it over; null/undefined leave the cell empty. */
export type CellInput = string | number | Date | Formula | null | undefined;

const MIN_WIDTH = 10;
const MAX_WIDTH = 60;

/** Width in characters a value needs when shown in a column of `kind`. */
export function valueWidth(value: CellInput, kind: ColumnKind): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return textWidth(value);
  if (value instanceof Date) return kind === 'month' ? 9 : 11;
  const n = typeof value === 'number' ? value : typeof value.result === 'number' ? value.result : 0;
  const digits = Math.max(1, Math.floor(Math.log10(Math.abs(n) || 1)) + 1);
  const grouped = digits + Math.floor((digits - 1) / 3) + (n < 0 ? 1 : 0);
  switch (kind) {
    case 'usd':
      return grouped + 5;
    case 'dkk':
      return grouped + 3;
    case 'rate':
      return grouped + 5;
    case 'fxrate':
      return grouped + 7;
    case 'pct':
      return grouped + 4;
    default:
      return grouped;
  }
}

/** Header text wider than this wraps onto a second line. */
export const HEADER_WRAP = 24;

/**
 * Width a header needs: it may wrap onto two lines (values are often narrower than their
 * headers: "Yes", a token count), never narrower than its longest word, at most HEADER_WRAP.
 * Words are what `split(/\s+/)` gives, measured as `textWidth` measures them, in one scan.
 */
export function headerWidth(header: string): number {
  let longestWord = 0;
  let word = 0;
  const n = header.length;
  for (let i = 0; i < n; i++) {
    const c = header.charCodeAt(i);
    if (isSpace(c)) {
      if (word > longestWord) longestWord = word;
      word = 0;
    } else if (c <= 0x2e80) word++;
    else {
      word += 2;
      if (c <= 0xdbff && c >= 0xd800 && i + 1 < n && (header.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    }
  }
  if (word > longestWord) longestWord = word;
  return Math.min(HEADER_WRAP, Math.max(longestWord, Math.ceil(textWidth(header) / 2) + 1));
}

/** Widths that fit the header (see `headerWidth`), every value and the `last` row (totals), within sane bounds. */
export function fitSheetColumns(columns: Column[], rows: CellInput[][], last?: CellInput[]): Column[] {
  // Loops, not callbacks made per call: V8 drops a closure's optimized code at each full collection (bench/README.md, issue 42).
  const n = columns.length;
  const widths: number[] = new Array(n);
  for (let i = 0; i < n; i++) widths[i] = headerWidth(columns[i]!.header);
  for (let r = 0; r <= rows.length; r++) {
    const row = r < rows.length ? rows[r]! : last;
    if (!row) break;
    for (let i = 0; i < n; i++) {
      const w = valueWidth(row[i], columns[i]!.kind);
      if (w > widths[i]!) widths[i] = w;
    }
  }
  const fitted: Column[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const c = columns[i]!;
    fitted[i] = { header: c.header, kind: c.kind, width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widths[i]! + 2)) };
  }
  return fitted;
}

/**
 * `names` with every repeat numbered (`Team`, `Team 2`), compared without case and against
 * `reserved` too: an Excel table's column names must all differ.
 */
export function numberRepeats(names: string[], reserved: string[] = []): string[] {
  const used = new Set(reserved.map((r) => r.toLowerCase()));
  // A loop, not a callback made per call: V8 drops a closure's optimized code at each full collection (bench/README.md, issue 42).
  const out: string[] = [];
  for (const base of names) {
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} ${n}`;
    used.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** `'Sheet name'!C2:C10`, quoted so any sheet name works. */
export function rangeRef(sheet: string, column: number, firstRow: number, lastRow: number): string {
  const c = columnLetter(column);
  return `'${sheet.replace(/'/g, "''")}'!${c}${firstRow}:${c}${lastRow}`;
}
