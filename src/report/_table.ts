import { numberRepeats, type CellInput, type Column } from './_columns.js';
import type { ColumnKind, StyleBook } from './_styles.js';
import { cellText, wrappedLines } from './_text.js';
import { readablePrint, type SheetPlan } from './_workbook.js';
import { cellXml, columnLetter, type CellStyle, type SheetWriter, type StyleTable } from './xlsx/index.js';

/** How a row looks: plain, estimated (DKK at an estimated rate), attention (needs action) or credit (negative spend). */
export type Look = 'plain' | 'estimated' | 'attention' | 'credit';

/** How a free line looks: a note, a heading, a totals line, estimated or credit figures, column headers, or a label with text running on beside it. */
export type LineStyle = 'note' | 'heading' | 'total' | 'estimated' | 'credit' | 'header' | 'runOn';

/** Row height of one line of text, in points. */
export const LINE_HEIGHT = 15;

/**
 * Writes one table sheet: a bold, frozen header that is the top of an Excel table (or has a
 * filter), rows streamed as they come (memory does not grow with the row count), SUM totals
 * that carry their computed values, and print setup (see `readablePrint`; header row repeated).
 */
export class TableWriter {
  private nextRow = 1;
  private headerRow = 0;
  private lastDataRow = 0;
  private headers: string[] = [];
  readonly sheet: SheetWriter;
  private readonly letters: string[];
  private readonly styleTable: StyleTable;
  private readonly styleIds = new Map<Look, number[]>();
  private readonly indented = new Map<CellStyle, CellStyle>();

  constructor(
    private readonly plan: SheetPlan,
    readonly styles: StyleBook,
    readonly columns: Column[],
  ) {
    const widths = columns.map((c) => c.width ?? 12);
    this.sheet = plan.wb.addSheet(plan.name, { widths, print: readablePrint(plan.print, widths), ...(plan.headerRow ? { headerRow: plan.headerRow } : {}) });
    this.styleTable = plan.wb.styles;
    this.letters = columns.map((_, i) => columnLetter(i + 1));
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
    this.headers = numberRepeats(this.columns.map((c, i) => cellText(c.header.replace(/[\r\n\t]+/g, ' ').trim()) || `${i + 1}`));
    const r = this.nextRow;
    // Headers over numbers are right-aligned, as the numbers below them are.
    const kinds = this.columns.map((c) => c.kind);
    const cells = this.headers.map((h, i) => cellXml(`${this.letters[i]}${r}`, h, this.id(isNumeric(kinds[i]!) ? this.styles.headerNumber : this.styles.header, kinds, i))).join('');
    // Wrapped headers need the height of their lines: rows are written without auto-fitting.
    const lines = Math.max(1, ...this.headers.map((h, i) => wrappedLines(h, (this.columns[i]!.width ?? 12) - 1)));
    this.sheet.row(r, cells, lines > 1 ? Math.min(3, lines) * LINE_HEIGHT : undefined);
    for (const [i, note] of Object.entries(notes)) if (note) this.sheet.note(r, Number(i) + 1, cellText(note));
    this.headerRow = this.nextRow++;
  }

  /** A data row; `look` per row or per column, `notes` per column index. */
  data(cells: CellInput[], look: Look | Look[] = 'plain', notes?: Record<number, string>): void {
    this.dataRow(cells, look, true);
    if (notes) for (const [i, note] of Object.entries(notes)) this.sheet.note(this.lastDataRow, Number(i) + 1, cellText(note));
  }

  /**
   * Many data rows at once without row heights or notes (the Keys sheet): `write` adds them,
   * and may await between batches so the output keeps up.
   */
  async fastData(write: (add: (cells: CellInput[], look?: Look | Look[]) => void) => Promise<void>): Promise<void> {
    await write((cells, look = 'plain') => this.dataRow(cells, look, false));
  }

  /** Waits until what was written has been taken by the output. */
  flushed(): Promise<void> {
    return this.sheet.flushed();
  }

  /**
   * A totals row: `label` in the first column, and in each column with a computed sum a
   * SUM formula over the data rows whose cached result is that sum.
   */
  totals(label: string, sums: Array<number | undefined>): void {
    const { first, last } = this.dataRows;
    const r = this.nextRow++;
    let xml = '';
    this.columns.forEach((c, i) => {
      const style = this.id(this.styles.total[i === 0 ? 'text' : c.kind], this.columns.map((x) => x.kind), i);
      const sum = sums[i];
      const value: CellInput = i === 0 ? label : sum === undefined ? null : { formula: `SUM(${this.letters[i]}${first}:${this.letters[i]}${last})`, result: last >= first ? sum : 0 };
      xml += cell(`${this.letters[i]}${r}`, value, style);
    });
    this.sheet.row(r, xml);
  }

  /**
   * A free line of text below (or above) the table: notes, reconciliation, explanations.
   * Returns the row's height in points (for keeping blocks of lines on one printed page).
   */
  line(cells: CellInput[], kinds: ColumnKind[] = [], style?: LineStyle, notes?: Record<number, string>): number {
    const r = this.nextRow++;
    let xml = '';
    cells.forEach((v, i) => {
      const kind = kinds[i] ?? (typeof v === 'string' ? 'text' : 'dkk');
      const s: CellStyle =
        style === 'note' ? this.styles.note
        : style === 'heading' ? this.styles.heading
        : style === 'total' ? this.styles.total[kind]
        : style === 'estimated' && i > 0 ? this.styles.estimated[kind]
        : style === 'credit' && i > 0 ? this.styles.credit[kind]
        : style === 'header' ? (isNumeric(kind) ? this.styles.headerNumber : this.styles.header)
        : style === 'runOn' && kind === 'text' ? this.styles.runOn
        : this.styles.plain[kind];
      xml += cell(`${columnLetter(i + 1)}${r}`, v, this.id(s, cells.map((x, j) => kinds[j] ?? (typeof x === 'string' ? 'text' : 'dkk')), i));
    });
    const height = this.tallerThanOne(cells, style);
    this.sheet.row(r, xml, height);
    if (notes) for (const [i, note] of Object.entries(notes)) this.sheet.note(r, Number(i) + 1, cellText(note));
    return height ?? LINE_HEIGHT;
  }

  /** The height in points a `line` of these cells gets. */
  lineHeight(cells: CellInput[], style?: LineStyle): number {
    return this.tallerThanOne(cells, style) ?? LINE_HEIGHT;
  }

  private tallerThanOne(cells: CellInput[], style?: LineStyle): number | undefined {
    // Notes and headings run on across empty cells; only text in table cells wraps.
    return style !== 'note' && style !== 'heading' && style !== 'runOn' ? this.heightOf(cells) : undefined;
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

  private dataRow(cells: CellInput[], look: Look | Look[], fit: boolean): void {
    const r = this.nextRow++;
    const rowIds = typeof look === 'string' ? this.idsFor(look) : undefined;
    let xml = '';
    for (let i = 0; i < this.columns.length; i++) {
      const v = cells[i];
      const s = rowIds ? rowIds[i]! : this.idsFor((look as Look[])[i] ?? 'plain')[i]!;
      xml += cell(`${this.letters[i]}${r}`, v, s);
    }
    this.sheet.row(r, xml, fit ? this.heightOf(cells) : undefined);
    this.lastDataRow = r;
  }

  /**
   * The style id of cell `i` in a row of `kinds`: text right after a right-aligned number gets
   * a character of indent, so the two never touch ("03.11.2025Chat").
   */
  private id(style: CellStyle, kinds: ColumnKind[], i: number): number {
    if (i === 0 || isNumeric(kinds[i]!) || !isNumeric(kinds[i - 1]!) || style.alignment?.horizontal) return this.styleTable.id(style);
    let moved = this.indented.get(style);
    if (!moved) {
      moved = { ...style, alignment: { ...style.alignment, horizontal: 'left', indent: 1 } };
      this.indented.set(style, moved);
    }
    return this.styleTable.id(moved);
  }

  private idsFor(look: Look): number[] {
    let ids = this.styleIds.get(look);
    if (!ids) {
      const kinds = this.columns.map((c) => c.kind);
      ids = this.columns.map((c, i) => this.id(this.styles[look][c.kind], kinds, i));
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
    cells.forEach((v, i) => {
      if (typeof v !== 'string') return;
      lines = Math.max(lines, wrappedLines(v, (this.columns[i]?.width ?? 12) - 1));
    });
    return lines > 1 ? LINE_HEIGHT * lines : undefined;
  }
}

const NUMERIC = new Set<ColumnKind>(['int', 'usd', 'dkk', 'rate', 'pct', 'date', 'month']);

/** Numbers and dates are right-aligned, and so are their headers. */
export function isNumeric(kind: ColumnKind): boolean {
  return NUMERIC.has(kind);
}

/** One cell; text goes through `cellText` so the XML layer keeps exactly what the API sent. */
function cell(ref: string, value: CellInput, style: number): string {
  return cellXml(ref, typeof value === 'string' ? cellText(value) : value, style);
}
