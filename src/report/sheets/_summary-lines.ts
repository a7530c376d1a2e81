import type { CellInput } from '../_columns.js';
import type { ColumnKind } from '../_styles.js';
import { LINE_HEIGHT, type LineStyle, type TableWriter } from '../_table.js';

/** One line of the Summary. */
export interface Line {
  cells: CellInput[];
  kinds?: ColumnKind[];
  style?: LineStyle | undefined;
  notes?: Record<number, string>;
}

/**
 * The Summary's lines, gathered before they are written so formulas can name rows, in blocks
 * that are each kept on one printed page (a block that does not fit in what is left of a page
 * starts a new one).
 */
export class SummaryLines {
  private readonly lines: Array<Line | null> = [];
  private readonly starts: number[] = [];

  /** The row the next line goes to. */
  get next(): number {
    return this.lines.length + 1;
  }

  /** Adds a line; returns its row. */
  push(line: Line): number {
    this.lines.push(line);
    return this.lines.length;
  }

  blank(): void {
    this.lines.push(null);
  }

  /** The lines from here on are a new block, kept together on a page. */
  block(): void {
    this.starts.push(this.lines.length);
  }

  /** Texts of the lines from row `from` on (for column widths). */
  cells(from = 1): CellInput[][] {
    const out: CellInput[][] = [];
    for (const l of this.lines.slice(from - 1)) out.push(l?.cells ?? []);
    return out;
  }

  /**
   * Writes every line; before a block that would run over the page (`pageHeight` points of
   * rows at print size) and fits on a fresh one, a page break.
   */
  write(table: TableWriter, pageHeight: number): void {
    // Loops, not callbacks made per call: V8 drops a closure's optimized code at each full
    // collection and compiles it again (bench/README.md, issue 42).
    const n = this.lines.length;
    const heights: number[] = new Array(n);
    // The height given to each line's row (undefined: one line), measured once for both.
    const given: Array<number | undefined> = new Array(n);
    for (let i = 0; i < n; i++) {
      const l = this.lines[i];
      given[i] = l ? table.rowHeight(l.cells, l.style) : undefined;
      heights[i] = given[i] ?? LINE_HEIGHT;
    }
    const starts = new Set(this.starts);
    let used = 0;
    for (let i = 0; i < n; i++) {
      const l = this.lines[i];
      if (starts.has(i)) {
        let end = n;
        for (const s of this.starts) if (s > i) { end = s; break; }
        let height = 0;
        for (let j = i; j < end; j++) height += heights[j]!;
        if (used > 0 && used + height > pageHeight && height <= pageHeight) {
          table.sheet.pageBreakBefore(i + 1);
          used = 0;
        }
      }
      used += heights[i]!;
      if (used > pageHeight) used = heights[i]!;
      if (l) table.lineOfHeight(l.cells, l.kinds, l.style, l.notes, given[i]);
      else table.skip();
    }
  }
}
