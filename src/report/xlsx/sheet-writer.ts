import type { ZipEntryStream } from './zip-writer.js';
import { columnLetter, type CellValue } from './cell.js';
import type { ChartSpec } from './_chart.js';
import type { Note } from './_notes.js';
import { SHEET_REL } from './_parts.js';
import { escapeAttr, escapeText, NS_MAIN, NS_REL, XML_HEAD } from './_xml.js';
import { PAGE_MARGINS_XML, pageLayout, type Orientation } from './_page-setup.js';
import { SheetRows } from './_sheet-rows.js';
import { asciiBytes, type XmlBytes } from './_xml-bytes.js';

/** The last row number Excel allows. */
const MAX_ROWS = 1_048_576;
/** Bytes of rows gathered before they are handed to the zip entry (its chunk size). */
const FLUSH_BYTES = 1 << 18;

/**
 * How a sheet is printed. Every sheet prints one page wide (see `pageLayout`): only its
 * orientation may be forced.
 */
export interface PrintSetup {
  /** Default: portrait when the sheet fits upright at a readable size, else landscape (see `pageLayout`). */
  orientation?: Orientation;
  /**
   * The first N columns (default 1, the label column, on a sheet with a header row) repeated at
   * the left of every printed page, should a reader print the sheet wider than one page.
   */
  repeatColumns?: number;
  /** Page header and footer in Excel's codes (`&L`, `&C`, `&R` sections; `&P` page, `&N` pages, `&A` sheet); a literal `&` is `&&`. */
  header?: string;
  footer?: string;
}

/** How a sheet is laid out and printed. */
export interface SheetSetup {
  /** Column widths in characters, from column A. */
  widths: number[];
  /** The header row: frozen on screen and repeated on every printed page. */
  headerRow?: number;
  /** The sheet shown when the workbook opens. */
  selected?: boolean;
  print?: PrintSetup;
}

/** An Excel table over a header row and the data rows below it. */
export interface TableSetup {
  /** Name shown in Excel's table tools; letters, digits and underscores. */
  name: string;
  headerRow: number;
  lastRow: number;
  /** The header texts, one per column from A; unique within the table. */
  columns: string[];
}

/** What the workbook needs from a finished sheet: its notes, table and charts for their own parts, its print titles. */
export interface FinishedSheet {
  name: string;
  index: number;
  headerRow: number | undefined;
  /** Columns repeated at the left of printed pages (0: none). */
  repeatColumns: number;
  notes: Note[];
  table: TableSetup | undefined;
  charts: ChartSpec[];
}

/**
 * One worksheet, streamed into its zip entry row by row: nothing of a written row is kept.
 * Rows must come in ascending order. What follows the rows in the XML (filter, print setup,
 * the links to notes and table) is decided when the sheet ends.
 */
export class SheetWriter {
  private lastRow = 0;
  private readonly notes: Note[] = [];
  private filter: string | undefined;
  private tableSetup: TableSetup | undefined;
  private readonly charts: ChartSpec[] = [];
  private readonly breaks: number[] = [];
  private readonly merges: string[] = [];
  private ended = false;
  private readonly rows: SheetRows;

  constructor(
    private readonly entry: ZipEntryStream,
    readonly name: string,
    readonly index: number,
    private readonly setup: SheetSetup,
    private readonly book: { ready(): Promise<void>; ended(sheet: FinishedSheet): Promise<void> },
  ) {
    this.rows = new SheetRows();
    writeHead(this.rows.out, setup);
  }

  /**
   * Opens row `r` (`height` in points) for `cell` after `cell`, in column order, then `endRow`:
   * the cells go into the sheet's bytes as they come, with no string made per cell or row.
   */
  beginRow(r: number, height?: number): void {
    if (this.ended) throw new Error(`sheet ${this.name} has ended`);
    if (r <= this.lastRow) throw new RangeError(`sheet ${this.name}: row ${r} comes after row ${this.lastRow}`);
    if (r > MAX_ROWS) throw new RangeError(`sheet ${this.name}: more than ${MAX_ROWS} rows, which Excel cannot open`);
    this.lastRow = r;
    this.rows.begin(r, height);
  }

  /** One cell of the open row, at 1-based `column` (see `SheetRows.cell`). */
  cell(column: number, value: CellValue, style: number): void {
    this.rows.cell(column, value, style);
  }

  /** Closes the row `beginRow` opened; a row without cells or height leaves nothing. */
  endRow(): void {
    if (this.rows.end() >= FLUSH_BYTES) this.flush();
  }

  /** Hands the bytes gathered so far to the zip entry. */
  private flush(): void {
    const out = this.rows.out;
    this.entry.writeBytes(out.buf, 0, out.pos);
    out.pos = 0;
  }

  /** A note on the cell at row `r`, column `c` (1-based). */
  note(r: number, c: number, text: string): void {
    this.notes.push({ row: r, column: c, ref: `${columnLetter(c)}${r}`, text });
  }

  /** A filter button on each header cell of `ref` (e.g. `A1:F20`); not with a table. */
  autoFilter(ref: string): void {
    this.filter = ref;
  }

  /** Makes the header row and the data rows below it an Excel table (which filters by itself). */
  table(setup: TableSetup): void {
    this.tableSetup = setup;
  }

  /** A native chart drawn over the cells of its anchor. */
  chart(spec: ChartSpec): void {
    this.charts.push(spec);
  }

  /** A printed page starts at row `r` (so a block of rows below it is not split across pages). */
  pageBreakBefore(r: number): void {
    if (r > 1 && !this.breaks.includes(r)) this.breaks.push(r);
  }

  /** Cells `ref` (e.g. `B7:E7`) merged into one, so the first one's text wraps across them all. */
  merge(ref: string): void {
    this.merges.push(ref);
  }

  /** Waits until the zip writer's output has been taken (call now and then on a long sheet). */
  flushed(): Promise<void> {
    return this.book.ready();
  }

  /** Writes what follows the rows and closes the sheet's entry. */
  async end(): Promise<FinishedSheet> {
    this.ended = true;
    const { headerRow } = this.setup;
    let tail = '</sheetData>';
    if (this.filter && !this.tableSetup) tail += `<autoFilter ref="${this.filter}"/>`;
    if (this.merges.length) tail += `<mergeCells count="${this.merges.length}">${this.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`;
    tail += printXml(this.setup, this.breaks);
    if (this.charts.length) tail += `<drawing r:id="${SHEET_REL.charts}"/>`;
    if (this.notes.length) tail += `<legacyDrawing r:id="${SHEET_REL.drawing}"/>`;
    if (this.tableSetup) tail += `<tableParts count="1"><tablePart r:id="${SHEET_REL.table}"/></tableParts>`;
    this.rows.out.raw(`${tail}</worksheet>`);
    this.flush();
    this.rows.release();
    await this.entry.end();
    const done: FinishedSheet = {
      name: this.name, index: this.index, headerRow, repeatColumns: this.setup.print?.repeatColumns ?? (headerRow ? 1 : 0), notes: this.notes, table: this.tableSetup, charts: this.charts,
    };
    await this.book.ended(done);
    return done;
  }
}

/**
 * Margins, page setup, header and footer and page breaks, in the order the schema wants them.
 * Every sheet is fitted to one page wide and as many pages down as it takes (fitToHeight 0),
 * so no reader prints a column on a page of its own.
 */
function printXml(setup: SheetSetup, breaks: number[]): string {
  const p = setup.print ?? {};
  let xml = PAGE_MARGINS_XML;
  xml += `<pageSetup paperSize="9" orientation="${pageLayout(setup.widths, p.orientation).orientation}" fitToWidth="1" fitToHeight="0"/>`;
  if (p.header || p.footer) {
    xml += '<headerFooter>' + (p.header ? `<oddHeader>${escapeText(p.header)}</oddHeader>` : '') + (p.footer ? `<oddFooter>${escapeText(p.footer)}</oddFooter>` : '') + '</headerFooter>';
  }
  if (breaks.length) {
    const sorted = [...breaks].sort((a, b) => a - b);
    // A break's id is the last row above it.
    xml += `<rowBreaks count="${sorted.length}" manualBreakCount="${sorted.length}">${sorted.map((r) => `<brk id="${r - 1}" max="16383" man="1"/>`).join('')}</rowBreaks>`;
  }
  return xml;
}

/** What precedes the rows, written into the sheet's bytes (the column widths one by one, not mapped and joined). */
function writeHead(out: XmlBytes, setup: SheetSetup): void {
  const h = setup.headerRow;
  const pane = h
    ? `<pane ySplit="${h}" topLeftCell="A${h + 1}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A${h + 1}" sqref="A${h + 1}"/>`
    : '<selection activeCell="A1" sqref="A1"/>';
  out.bytes(HEAD);
  out.raw(`<sheetViews><sheetView${setup.selected ? ' tabSelected="1"' : ''} workbookViewId="0">${pane}</sheetView></sheetViews>`);
  out.bytes(FORMAT);
  const widths = setup.widths;
  if (widths.length) {
    out.bytes(COLS_OPEN);
    for (let i = 0; i < widths.length; i++) {
      out.bytes(COL_MIN);
      out.number(i + 1);
      out.bytes(COL_MAX);
      out.number(i + 1);
      out.bytes(COL_WIDTH);
      out.number(widths[i]!);
      out.bytes(COL_END);
    }
    out.bytes(COLS_CLOSE);
  }
  out.bytes(SHEET_DATA);
}

const HEAD = asciiBytes(`${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>`);
const FORMAT = asciiBytes('<sheetFormatPr defaultRowHeight="15"/>');
const COLS_OPEN = asciiBytes('<cols>');
const COL_MIN = asciiBytes('<col min="');
const COL_MAX = asciiBytes('" max="');
const COL_WIDTH = asciiBytes('" width="');
const COL_END = asciiBytes('" customWidth="1"/>');
const COLS_CLOSE = asciiBytes('</cols>');
const SHEET_DATA = asciiBytes('<sheetData>');

/** `xl/tables/tableN.xml`. */
export function tableXml(t: TableSetup, id: number): string {
  const ref = `A${t.headerRow}:${columnLetter(t.columns.length)}${t.lastRow}`;
  const cols = t.columns.map((c, i) => `<tableColumn id="${i + 1}" name="${escapeAttr(c)}"/>`).join('');
  return (
    `${XML_HEAD}<table xmlns="${NS_MAIN}" id="${id}" name="${t.name}" displayName="${t.name}" ref="${ref}" totalsRowShown="0">` +
    `<autoFilter ref="${ref}"/><tableColumns count="${t.columns.length}">${cols}</tableColumns>` +
    '<tableStyleInfo name="TableStyleLight1" showFirstColumn="0" showLastColumn="0" showRowStripes="0" showColumnStripes="0"/></table>'
  );
}
