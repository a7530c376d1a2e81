import { numberRepeats, type CellInput, type Column } from './_columns.js';
import type { ColumnKind, StyleBook } from './_styles.js';
import { cellText, textWidth, wrappedLines } from './_text.js';
import type { SheetPlan } from './_workbook.js';
import { columnLetter, type CellStyle, type SheetWriter, type StyleTable } from './xlsx/index.js';

/** How a row looks: plain, estimated (DKK at an estimated rate), attention (needs action) or credit (negative spend). */
export type Look = 'plain' | 'estimated' | 'attention' | 'credit';

/** How a free line looks: a note, a heading, a totals line, estimated or credit figures, column headers, or a label with text running on beside it. */
export type LineStyle = 'note' | 'heading' | 'total' | 'estimated' | 'credit' | 'header' | 'runOn';

/** Row height of one line of text, in points. */
export const LINE_HEIGHT = 15;
/** Row height of one line of a heading (13 pt). */
const HEADING_LINE_HEIGHT = 18;

/** A line's last text and the columns it is merged across: 0-based, and their width in characters. */
interface Span {
  from: number;
  to: number;
  width: number;
}

/**
 * Writes one table sheet: a bold, frozen header that is the top of an Excel table (or has a
 * filter), rows streamed as they come (memory does not grow with the row count), SUM totals
 * that carry their computed values, and print setup (one page wide; header row repeated).
 * Its per-cell work is in plain loops, not callbacks made per call: V8 drops such a callback's
 * optimized code at each full collection and compiles it again (bench/README.md, issue 42).
 */
export class TableWriter {
  private nextRow = 1;
  private headerRow = 0;
  private lastDataRow = 0;
  private headers: string[] = [];
  readonly sheet: SheetWriter;
  private readonly letters: string[];
  /** Each column's kind and width (12 where none is given), from `columns`. */
  private readonly kinds: ColumnKind[];
  private readonly widths: number[];
  private readonly styleTable: StyleTable;
  private readonly styleIds = new Map<Look, number[]>();

  constructor(
    private readonly plan: SheetPlan,
    readonly styles: StyleBook,
    readonly columns: Column[],
  ) {
    const widths = columns.map((c) => c.width ?? 12);
    this.sheet = plan.wb.addSheet(plan.name, { widths, print: plan.print, ...(plan.headerRow ? { headerRow: plan.headerRow } : {}) });
    this.styleTable = plan.wb.styles;
    this.letters = columns.map((_, i) => columnLetter(i + 1));
    this.kinds = columns.map((c) => c.kind);
    this.widths = widths;
  }

  /** The row the next write goes to. */
  get row(): number {
    return this.nextRow;
  }

  /** First and last data row written so far (for formulas over a column). */
  get dataRows(): { first: number; last: number } {
    return { first: this.headerRow + 1, last: Math.max(this.headerRow, this.lastDataRow) };
  }

  /**
   * The header row, with `notes` per column index. An Excel table needs distinct, one-line
   * column names, so a repeated header (two key fields with one display name) gets a number.
   */
  header(notes: Record<number, string> = {}): void {
    const n = this.columns.length;
    const names: string[] = new Array(n);
    for (let i = 0; i < n; i++) names[i] = cellText(this.columns[i]!.header.replace(/[\r\n\t]+/g, ' ').trim()) || `${i + 1}`;
    this.headers = numberRepeats(names);
    const r = this.nextRow;
    // Headers over numbers are right-aligned, as the numbers below them are. Wrapped headers
    // need the height of their lines: rows are written without auto-fitting.
    const kinds = this.kinds;
    let lines = 1;
    for (let i = 0; i < n; i++) lines = Math.max(lines, wrappedLines(this.headers[i]!, this.widths[i]! - 1));
    const sheet = this.sheet;
    sheet.beginRow(r, lines > 1 ? lines * LINE_HEIGHT : undefined);
    for (let i = 0; i < n; i++) sheet.cell(i + 1, this.headers[i], this.id(isNumeric(kinds[i]!) ? this.styles.headerNumber : this.styles.header, kinds, i));
    sheet.endRow();
    for (const [i, note] of Object.entries(notes)) if (note) this.sheet.note(r, Number(i) + 1, cellText(note));
    this.headerRow = this.nextRow++;
  }

  /** A data row; `look` per row or per column, `notes` per column index. */
  data(cells: CellInput[], look: Look | Look[] = 'plain', notes?: Record<number, string>): void {
    this.dataRow(cells, look);
    if (notes) for (const [i, note] of Object.entries(notes)) this.sheet.note(this.lastDataRow, Number(i) + 1, cellText(note));
  }

  /** Waits until what was written has been taken by the output. */
  flushed(): Promise<void> {
    return this.sheet.flushed();
  }

  /**
   * A totals row: `label` in the first column, and in each column with a computed sum a
   * SUM formula over the data rows whose cached result is that sum (0 when there are none).
   */
  totals(label: string, sums: Array<number | undefined>): void {
    const { first, last } = this.dataRows;
    const r = this.nextRow++;
    const kinds = this.kinds;
    const sheet = this.sheet;
    sheet.beginRow(r);
    for (let i = 0; i < this.columns.length; i++) {
      const style = this.id(this.styles.total[i === 0 ? 'text' : this.columns[i]!.kind], kinds, i);
      const sum = sums[i];
      // A table without data rows totals 0 as a number: SUM over "row 2 to row 1" would reach up
      // into the header and down into this very cell, a circular reference LibreOffice shows as an error.
      const value: CellInput = i === 0 ? label : sum === undefined ? null : last < first ? 0 : { formula: `SUM(${this.letters[i]}${first}:${this.letters[i]}${last})`, result: sum };
      cell(sheet, i, value, style);
    }
    sheet.endRow();
  }

  /**
   * A free line of text below (or above) the table: notes, reconciliation, explanations.
   * Returns the row's height in points (for keeping blocks of lines on one printed page).
   */
  line(cells: CellInput[], kinds: ColumnKind[] = [], style?: LineStyle, notes?: Record<number, string>): number {
    const span = this.span(cells, style);
    return this.measuredLine(cells, kinds, style, notes, span, this.tallerThanOne(cells, style, span));
  }

  /**
   * `line`, with the height `rowHeight` gave for these cells and style (the Summary measures every
   * line to keep blocks on a page, then writes them: measuring each twice was a fifth of its lines' cost).
   */
  lineOfHeight(cells: CellInput[], kinds: ColumnKind[] | undefined, style: LineStyle | undefined, notes: Record<number, string> | undefined, height: number | undefined): number {
    return this.measuredLine(cells, kinds ?? [], style, notes, this.span(cells, style), height);
  }

  private measuredLine(cells: CellInput[], kinds: ColumnKind[], style: LineStyle | undefined, notes: Record<number, string> | undefined, span: Span | undefined, height: number | undefined): number {
    const r = this.nextRow++;
    // Each cell's kind, once a line (the indent rule looks at the cell before): as given, else
    // text or DKK. A hole in `cells` stays a hole and writes nothing.
    const cellKinds: ColumnKind[] = new Array(cells.length);
    for (let j = 0; j < cells.length; j++) if (j in cells) cellKinds[j] = kinds[j] ?? (typeof cells[j] === 'string' ? 'text' : 'dkk');
    const sheet = this.sheet;
    sheet.beginRow(r, height);
    const end = span ? span.from + 1 : cells.length;
    for (let i = 0; i < end; i++) {
      if (!(i in cells)) continue;
      const kind = cellKinds[i]!;
      let s: CellStyle =
        style === 'note' ? this.styles.note
        : style === 'heading' ? this.styles.heading
        : style === 'total' ? this.styles.total[kind]
        : style === 'estimated' && i > 0 ? this.styles.estimated[kind]
        : style === 'credit' && i > 0 ? this.styles.credit[kind]
        : style === 'header' ? (isNumeric(kind) ? this.styles.headerNumber : this.styles.header)
        : style === 'runOn' && kind === 'text' && span?.from === i ? this.styles.runOn
        : this.styles.plain[kind];
      if (span?.from === i) s = this.wrapping(s);
      cell(sheet, i, cells[i], this.id(s, cellKinds, i));
    }
    sheet.endRow();
    if (span && span.to > span.from) this.sheet.merge(`${this.letters[span.from]}${r}:${this.letters[span.to]}${r}`);
    if (notes) for (const [i, note] of Object.entries(notes)) this.sheet.note(r, Number(i) + 1, cellText(note));
    return height ?? LINE_HEIGHT;
  }

  /** The height a `line` of these cells is given in the sheet; undefined: one line, none given. */
  rowHeight(cells: CellInput[], style?: LineStyle): number | undefined {
    return this.tallerThanOne(cells, style, this.span(cells, style));
  }

  private tallerThanOne(cells: CellInput[], style: LineStyle | undefined, span: Span | undefined): number | undefined {
    if (style !== 'note' && style !== 'heading' && style !== 'runOn') return this.heightOf(cells);
    // Beside run-on text, the other texts (its label) wrap in their own columns as in any line.
    const others = style === 'runOn' ? this.heightOf(cells.map((v, i) => (i === span?.from ? null : v))) : undefined;
    if (!span) return others;
    // A heading's 13 pt text needs more than a line of 11 pt.
    const perLine = style === 'heading' ? HEADING_LINE_HEIGHT : LINE_HEIGHT;
    const lines = wrappedLines(cells[span.from] as string, span.width - 1);
    const own = lines > 1 ? lines * perLine : undefined;
    return own === undefined ? others : Math.max(own, others ?? 0);
  }

  /**
   * Where a note, heading or run-on text (the line's last text) is wider than its column: it
   * is merged with the columns to its right up to the sheet's last and wraps within them, so
   * it never runs on past the printed page and is never cut at its edge. Undefined: it fits.
   */
  private span(cells: CellInput[], style?: LineStyle): Span | undefined {
    if (style !== 'note' && style !== 'heading' && style !== 'runOn') return undefined;
    let from = cells.length - 1;
    while (from >= 0 && (cells[from] === null || cells[from] === undefined || cells[from] === '')) from--;
    const text = cells[from];
    if (typeof text !== 'string') return undefined;
    const widths = this.widths;
    // A heading's larger type takes about a fifth more room.
    const need = textWidth(text) * (style === 'heading' ? 1.2 : 1);
    if (need <= (widths[from] ?? 12) - 1) return undefined;
    const to = Math.max(from, this.columns.length - 1);
    const width = widths.slice(from, to + 1).reduce((a, w) => a + w, 0) / (style === 'heading' ? 1.2 : 1);
    return { from, to, width };
  }

  /** `style` with its text wrapping (kept per style object, as the style table caches by identity). */
  private wrapping(style: CellStyle): CellStyle {
    if (style.alignment?.wrapText) return style;
    let wrapped = WRAPPED.get(style);
    if (!wrapped) {
      wrapped = Object.freeze({ ...style, alignment: Object.freeze({ vertical: 'top' as const, ...style.alignment, wrapText: true }) });
      WRAPPED.set(style, wrapped);
    }
    return wrapped;
  }

  /** An empty line. */
  skip(): void {
    this.nextRow++;
  }

  /** The table (or filter) over the header and data rows, then the sheet's end. */
  async finish(): Promise<void> {
    if (this.headerRow) {
      const last = Math.max(this.headerRow, this.lastDataRow);
      if (this.plan.tableName && last > this.headerRow) {
        this.sheet.table({ name: this.plan.tableName, headerRow: this.headerRow, lastRow: last, columns: this.headers });
      } else {
        this.sheet.autoFilter(`A${this.headerRow}:${columnLetter(this.columns.length)}${last}`);
      }
    }
    await this.sheet.end();
  }

  private dataRow(cells: CellInput[], look: Look | Look[]): void {
    const r = this.nextRow++;
    const rowIds = typeof look === 'string' ? this.idsFor(look) : undefined;
    const sheet = this.sheet;
    sheet.beginRow(r, this.heightOf(cells));
    for (let i = 0; i < this.columns.length; i++) {
      const s = rowIds ? rowIds[i]! : this.idsFor((look as Look[])[i] ?? 'plain')[i]!;
      cell(sheet, i, cells[i], s);
    }
    sheet.endRow();
    this.lastDataRow = r;
  }

  /**
   * The style id of cell `i` in a row of `kinds`: text right after a right-aligned number gets
   * a character of indent, so the two never touch ("03.11.2025Chat").
   */
  private id(style: CellStyle, kinds: ColumnKind[], i: number): number {
    if (i === 0 || isNumeric(kinds[i]!) || !isNumeric(kinds[i - 1]!) || style.alignment?.horizontal) return this.styleTable.id(style);
    let moved = INDENTED.get(style);
    if (!moved) {
      moved = Object.freeze({ ...style, alignment: Object.freeze({ ...style.alignment, horizontal: 'left' as const, indent: 1 }) });
      INDENTED.set(style, moved);
    }
    return this.styleTable.id(moved);
  }

  private idsFor(look: Look): number[] {
    let ids = this.styleIds.get(look);
    if (!ids) {
      const kinds = this.kinds;
      ids = new Array(kinds.length);
      for (let i = 0; i < kinds.length; i++) ids[i] = this.id(this.styles[look][kinds[i]!], kinds, i);
      this.styleIds.set(look, ids);
    }
    return ids;
  }

  /**
   * Text cells wrap (see the styles), and a written row is not auto-fitted by every reader,
   * so the row gets the height of its longest wrapped text (undefined: one line).
   */
  private heightOf(cells: CellInput[]): number | undefined {
    let lines = 1;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      const width = (this.widths[i] ?? 12) - 1;
      // Text of at most half the width fits whatever its characters (a wide one counts two): no need to wrap it.
      if (typeof v !== 'string' || v.length * 2 <= width) continue;
      lines = Math.max(lines, wrappedLines(v, width));
    }
    return lines > 1 ? LINE_HEIGHT * lines : undefined;
  }
}

// Styles derived from a style object, kept for as long as it lives: the style books are the
// process's (see makeStyles), so every workbook gets the same derived objects, which the style
// table knows by identity.
const WRAPPED = new WeakMap<CellStyle, CellStyle>();
const INDENTED = new WeakMap<CellStyle, CellStyle>();

const NUMERIC = new Set<ColumnKind>(['int', 'usd', 'dkk', 'rate', 'pct', 'date', 'month']);

/** Numbers and dates are right-aligned, and so are their headers. */
export function isNumeric(kind: ColumnKind): boolean {
  return NUMERIC.has(kind);
}

/** Cell `i` (0-based) of the open row; text goes through `cellText` so the XML layer keeps exactly what the API sent. */
function cell(sheet: SheetWriter, i: number, value: CellInput, style: number): void {
  sheet.cell(i + 1, typeof value === 'string' ? cellText(value) : value, style);
}
