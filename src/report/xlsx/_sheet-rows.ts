import { columnLetter, dateSerial, needsPreserve, type CellValue } from './cell.js';
import { asciiBytes, XmlBytes } from './_xml-bytes.js';

/**
 * A sheet's rows as XML bytes, cell by cell (the `SheetWriter` checks the row order). A row is
 * opened at once and taken back at its end when it got no cell and no height, as `row` writes
 * nothing for it.
 */
export class SheetRows {
  readonly out: XmlBytes = scratch.pop() ?? new XmlBytes(1 << 16);
  private row = 0;
  private rowStart = 0;
  private rowEmpty = true;
  private rowHeight = 0;
  /** The open row's number as digits, for each cell's reference. */
  private readonly digits = new Uint8Array(8);
  private digitCount = 0;

  constructor() {
    this.out.pos = 0;
  }

  begin(r: number, height: number | undefined): void {
    const out = this.out;
    this.row = r;
    this.rowStart = out.pos;
    this.rowEmpty = true;
    this.rowHeight = height ?? 0;
    out.bytes(ROW_OPEN);
    const start = out.pos;
    out.number(r);
    this.digitCount = out.pos - start;
    for (let i = 0; i < this.digitCount; i++) this.digits[i] = out.buf[start + i]!;
    if (height) {
      out.bytes(ROW_HEIGHT);
      out.number(height);
      out.bytes(ROW_CUSTOM);
    } else out.bytes(TAG_END);
  }

  /**
   * One `<c>` element; nothing for an empty value without a style. Text is an inline string: it
   * is only ever shown, never evaluated, so `=HYPERLINK(...)` from the API stays text. Formulas
   * come from our own code only.
   */
  cell(column: number, value: CellValue, style: number): void {
    if (value === null || value === undefined || value === '') {
      if (!style) return;
      this.start(column, style);
      this.out.bytes(EMPTY_END);
      return;
    }
    const out = this.out;
    if (typeof value === 'string') {
      this.start(column, style);
      out.bytes(needsPreserve(value) ? INLINE_PRESERVE : INLINE);
      out.text(value);
      out.bytes(INLINE_END);
      return;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`cell ${columnLetter(column)}${this.row}: ${value} is not a finite number`);
      this.start(column, style);
      out.bytes(V_OPEN);
      out.number(value);
      out.bytes(V_END);
      return;
    }
    if (value instanceof Date) {
      const serial = dateSerial(value);
      if (!Number.isFinite(serial)) throw new RangeError(`cell ${columnLetter(column)}${this.row}: invalid date`);
      this.start(column, style);
      out.bytes(V_OPEN);
      out.number(serial);
      out.bytes(V_END);
      return;
    }
    this.start(column, style);
    const result = value.result;
    out.bytes(typeof result === 'string' ? F_OPEN_STR : F_OPEN);
    out.text(value.formula);
    if (result === undefined) {
      out.bytes(F_END_CELL);
      return;
    }
    out.bytes(F_END_V);
    if (typeof result === 'string') out.text(result);
    else out.number(result);
    out.bytes(V_END);
  }

  /** Closes the open row; returns the bytes gathered. */
  end(): number {
    const out = this.out;
    if (this.rowEmpty && !this.rowHeight) out.pos = this.rowStart;
    else out.bytes(ROW_END);
    return out.pos;
  }

  /** Gives the buffer back for another sheet (once its bytes have been taken). */
  release(): void {
    if (scratch.length < MAX_SCRATCH) scratch.push(this.out);
  }

  /** `<c r="A1" s="3"`: the column's and the style's bytes made once, the row's digits between. */
  private start(column: number, style: number): void {
    const out = this.out;
    this.rowEmpty = false;
    out.bytes(cellOpen(column));
    out.room(this.digitCount);
    const buf = out.buf;
    let p = out.pos;
    const digits = this.digits;
    for (let i = 0; i < this.digitCount; i++) buf[p++] = digits[i]!;
    out.pos = p;
    out.bytes(styleClose(style));
  }
}

// Sheets' byte buffers, kept for the next sheets of any workbook in this process (a workbook is
// nine sheets; a month end writes several workbooks at once, so a few are kept).
const scratch: XmlBytes[] = [];
const MAX_SCRATCH = 4;

const ROW_OPEN = asciiBytes('<row r="');
const ROW_HEIGHT = asciiBytes('" ht="');
const ROW_CUSTOM = asciiBytes('" customHeight="1">');
const TAG_END = asciiBytes('">');
const ROW_END = asciiBytes('</row>');
const EMPTY_END = asciiBytes('/>');
const INLINE = asciiBytes(' t="inlineStr"><is><t>');
const INLINE_PRESERVE = asciiBytes(' t="inlineStr"><is><t xml:space="preserve">');
const INLINE_END = asciiBytes('</t></is></c>');
const V_OPEN = asciiBytes('><v>');
const V_END = asciiBytes('</v></c>');
const F_OPEN = asciiBytes('><f>');
const F_OPEN_STR = asciiBytes(' t="str"><f>');
const F_END_CELL = asciiBytes('</f></c>');
const F_END_V = asciiBytes('</f><v>');

const opens: Uint8Array[] = [];
const closes: Uint8Array[] = [];

/** `<c r="` and a column's letters as bytes, made once per column. */
function cellOpen(column: number): Uint8Array {
  return (opens[column] ??= asciiBytes(`<c r="${columnLetter(column)}`));
}

/** The reference's closing quote and ` s="N"` (none for style 0) as bytes, made once per style id. */
function styleClose(style: number): Uint8Array {
  return (closes[style] ??= asciiBytes(style ? `" s="${style}"` : '"'));
}
