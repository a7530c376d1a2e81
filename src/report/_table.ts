import type { Style, Worksheet } from 'exceljs';
import type { CellInput, Column } from './_columns.js';
import { columnLetter } from './_columns.js';
import type { ColumnKind, StyleBook } from './_styles.js';
import { FastRows } from './_fast-rows.js';
import { cellText, textWidth } from './_text.js';

/** How a row looks: plain, estimated (DKK at an estimated rate) or attention (needs action). */
export type Look = 'plain' | 'estimated' | 'attention';

/**
 * Writes one table sheet through exceljs's streaming writer: a bold, frozen, filtered header,
 * rows committed as they come (memory does not grow with the row count), SUM totals that carry
 * their computed values, and print setup (landscape, fit to width, header repeated).
 */
export class TableWriter {
  private nextRow = 1;
  private headerRow = 0;
  private lastDataRow = 0;

  constructor(
    readonly ws: Worksheet,
    readonly styles: StyleBook,
    readonly columns: Column[],
  ) {
    ws.columns = columns.map((c) => ({ width: c.width ?? 12 }));
  }

  /** The row the next write goes to. */
  get row(): number {
    return this.nextRow;
  }

  /** First and last data row written so far (for formulas over a column). */
  get dataRows(): { first: number; last: number } {
    return { first: this.headerRow + 1, last: Math.max(this.headerRow, this.lastDataRow) };
  }

  /** The header row; freezing and print titles are set when the sheet is added (see `addSheet`). */
  header(notes: Record<number, string> = {}): void {
    const r = this.ws.getRow(this.nextRow);
    // Wrapped headers need the height of two lines: exceljs writes rows without auto-fitting them.
    if (this.columns.some((c) => textWidth(c.header) > (c.width ?? 12) - 2)) r.height = 30;
    this.columns.forEach((c, i) => {
      const cell = r.getCell(i + 1);
      cell.value = cellText(c.header);
      cell.style = this.styles.header;
      const note = notes[i];
      if (note) cell.note = note;
    });
    r.commit();
    this.headerRow = this.nextRow++;
  }

  /** A data row; `look` per row or per column, `notes` per column index. */
  data(cells: CellInput[], look: Look | Look[] = 'plain', notes?: Record<number, string>): void {
    const r = this.ws.getRow(this.nextRow);
    // A fresh `{}` row style per row defeats exceljs's style cache (a JSON lookup per row).
    (r as unknown as { style: object }).style = ROW_STYLE;
    for (let i = 0; i < this.columns.length; i++) {
      const kind = this.columns[i]!.kind;
      const l = typeof look === 'string' ? look : (look[i] ?? 'plain');
      setCell(r.getCell(i + 1), cells[i], this.styles[l][kind]);
    }
    if (notes) for (const [i, note] of Object.entries(notes)) r.getCell(Number(i) + 1).note = note;
    this.fitHeight(r, cells);
    r.commit();
    this.lastDataRow = this.nextRow++;
  }

  /**
   * Many plain rows at once through `FastRows` (no notes, no formulas): for the Keys sheet.
   * `write` adds the rows; the writer continues below them.
   */
  async fastData(write: (add: (cells: CellInput[], look?: Look | Look[]) => void) => Promise<void>): Promise<void> {
    const fast = new FastRows(this.ws, this.columns, this.styles, this.nextRow);
    await write((cells, look) => fast.add(cells, look));
    fast.flush();
    if (fast.row > this.nextRow) this.lastDataRow = fast.row - 1;
    this.nextRow = fast.row;
  }

  /**
   * A totals row: `label` in the first column, and in each column with a computed sum a
   * SUM formula over the data rows whose cached result is that sum.
   */
  totals(label: string, sums: Array<number | undefined>): void {
    const { first, last } = this.dataRows;
    const r = this.ws.getRow(this.nextRow);
    this.columns.forEach((c, i) => {
      const cell = r.getCell(i + 1);
      const style = this.styles.total[c.kind];
      if (i === 0) return setCell(cell, label, this.styles.total.text);
      const sum = sums[i];
      if (sum === undefined) return setCell(cell, null, style);
      const col = columnLetter(i + 1);
      setCell(cell, { formula: `SUM(${col}${first}:${col}${last})`, result: last >= first ? sum : 0 }, style);
    });
    r.commit();
    this.nextRow++;
  }

  /** A free line of text below (or above) the table: notes, reconciliation, explanations. */
  line(cells: CellInput[], kinds: ColumnKind[] = [], style?: 'note' | 'heading' | 'total' | 'estimated', notes?: Record<number, string>): void {
    const r = this.ws.getRow(this.nextRow);
    cells.forEach((v, i) => {
      const kind = kinds[i] ?? (typeof v === 'string' ? 'text' : 'dkk');
      const s =
        style === 'note' ? this.styles.note
        : style === 'heading' ? this.styles.heading
        : style === 'total' ? this.styles.total[kind]
        : style === 'estimated' && i > 0 ? this.styles.estimated[kind]
        : this.styles.plain[kind];
      setCell(r.getCell(i + 1), v, s);
    });
    if (notes) for (const [i, note] of Object.entries(notes)) r.getCell(Number(i) + 1).note = note;
    // Notes and headings run on across empty cells; only text in table cells wraps.
    if (style !== 'note' && style !== 'heading') this.fitHeight(r, cells);
    r.commit();
    this.nextRow++;
  }

  /**
   * Text cells wrap (see the styles); a streamed row is never auto-fitted by exceljs and not
   * always by readers, so the row gets the height of its longest wrapped text.
   */
  private fitHeight(r: ReturnType<Worksheet['getRow']>, cells: CellInput[]): void {
    let lines = 1;
    cells.forEach((v, i) => {
      if (typeof v !== 'string') return;
      const width = Math.max(1, (this.columns[i]?.width ?? 12) - 1);
      lines = Math.max(lines, Math.ceil(textWidth(v) / width));
    });
    if (lines > 1) r.height = 15 * lines;
  }

  /** An empty line. */
  skip(): void {
    this.nextRow++;
  }

  /** Filter over the header and data rows, print setup, then commits the sheet. */
  async finish(): Promise<void> {
    if (this.headerRow) {
      const last = Math.max(this.headerRow, this.lastDataRow);
      this.ws.autoFilter = `A${this.headerRow}:${columnLetter(this.columns.length)}${last}`;
    }
    await (this.ws as unknown as { commit(): Promise<void> }).commit();
  }
}

const ROW_STYLE = Object.freeze({});

type ExcelCell = ReturnType<ReturnType<Worksheet['getRow']>['getCell']>;

function setCell(cell: ExcelCell, value: CellInput, style: Partial<Style>): void {
  if (value !== null && value !== undefined && value !== '') {
    if (typeof value === 'string') cell.value = cellText(value);
    else if (typeof value === 'number' || value instanceof Date) cell.value = value;
    else cell.value = value.result === undefined ? { formula: value.formula, date1904: false } : { formula: value.formula, result: value.result, date1904: false };
  }
  cell.style = style;
}
