import type { Writable } from 'node:stream';
import { SheetWriter, tableXml, type FinishedSheet, type SheetSetup } from './sheet-writer.js';
import { StyleTable } from './style-table.js';
import { ZipWriter, type ZipSink } from './zip-writer.js';
import { commentsXml, notesVml } from './_notes.js';
import { chartXml, drawingXml } from './_chart.js';
import { appXml, contentTypes, coreXml, drawingRels, rootRels, sheetRels, workbookRels, workbookXml } from './_parts.js';

/** Characters Excel does not allow in a sheet name. */
const BAD_SHEET_NAME = /[[\]:*?/\\]/;

/**
 * An xlsx workbook written straight into `out` (or into memory when `out` is absent), sheet by
 * sheet: a sheet's rows go to the zip as they are written, so a 100,000-row sheet holds no more
 * memory than a 10-row one. Sheets are written one at a time, in tab order. `stamp` is the
 * document's date (from the data, never the clock): the same content gives the same bytes.
 */
export class WorkbookWriter {
  readonly styles = new StyleTable();
  private readonly zip: ZipWriter;
  private readonly chunks: Buffer[] = [];
  private readonly sheets: FinishedSheet[] = [];
  private readonly names = new Set<string>();
  private current: SheetWriter | undefined;
  private tables = 0;
  private charts = 0;
  private failure: Error | undefined;

  constructor(
    private readonly stamp: Date,
    private readonly out?: Writable,
    private readonly creator = 'svc',
  ) {
    this.zip = new ZipWriter(out ? streamSink(out, (e) => (this.failure ??= e)) : (c) => void this.chunks.push(c), stamp);
  }

  /** Starts the next sheet; the one before must have ended. */
  addSheet(name: string, setup: SheetSetup): SheetWriter {
    if (this.failure) throw this.failure;
    if (this.current) throw new Error(`sheet ${this.current.name} has not ended`);
    if (!name || name.length > 31 || BAD_SHEET_NAME.test(name) || /^'|'$/.test(name)) throw new RangeError(`not a valid sheet name: "${name}"`);
    if (this.names.has(name.toLowerCase())) throw new RangeError(`two sheets named "${name}"`);
    this.names.add(name.toLowerCase());
    const index = this.names.size;
    const sheet = new SheetWriter(this.zip.entry(`xl/worksheets/sheet${index}.xml`), name, index, { ...setup, selected: index === 1 }, {
      ready: () => this.ready(),
      ended: async (done) => {
        this.current = undefined;
        await this.sheetParts(done);
        this.sheets.push(done);
      },
    });
    this.current = sheet;
    return sheet;
  }

  /** Writes the workbook's own parts and the zip directory; resolves with the bytes when no `out` was given. */
  async finish(): Promise<Uint8Array | undefined> {
    if (this.current) throw new Error(`sheet ${this.current.name} has not ended`);
    await this.zip.file('xl/workbook.xml', workbookXml(this.sheets));
    await this.zip.file('xl/_rels/workbook.xml.rels', workbookRels(this.sheets));
    await this.zip.file('xl/styles.xml', this.styles.xml());
    await this.zip.file('docProps/core.xml', coreXml({ creator: this.creator, stamp: this.stamp }));
    await this.zip.file('docProps/app.xml', appXml(this.sheets));
    await this.zip.file('_rels/.rels', rootRels());
    await this.zip.file('[Content_Types].xml', contentTypes(this.sheets, this.tables, this.charts));
    await this.zip.close();
    await this.ready();
    if (!this.out) return concat(this.chunks);
    await endStream(this.out);
    if (this.failure) throw this.failure;
    return undefined;
  }

  private async ready(): Promise<void> {
    await this.zip.ready();
    if (this.failure) throw this.failure;
  }

  private async sheetParts(sheet: FinishedSheet): Promise<void> {
    const n = sheet.index;
    if (sheet.notes.length) {
      await this.zip.file(`xl/comments${n}.xml`, commentsXml(sheet.notes));
      await this.zip.file(`xl/drawings/vmlDrawing${n}.vml`, notesVml(sheet.notes, n));
    }
    const tableId = sheet.table ? ++this.tables : undefined;
    if (sheet.table) await this.zip.file(`xl/tables/table${tableId}.xml`, tableXml(sheet.table, tableId!));
    if (sheet.charts.length) {
      const first = this.charts + 1;
      for (const chart of sheet.charts) await this.zip.file(`xl/charts/chart${++this.charts}.xml`, chartXml(chart));
      await this.zip.file(`xl/drawings/drawing${n}.xml`, drawingXml(sheet.charts));
      await this.zip.file(`xl/drawings/_rels/drawing${n}.xml.rels`, drawingRels(sheet.charts.length, first));
    }
    if (sheet.notes.length || sheet.table || sheet.charts.length) await this.zip.file(`xl/worksheets/_rels/sheet${n}.xml.rels`, sheetRels(sheet, tableId));
    await this.ready();
  }
}

/** The chunks in one Uint8Array, copied once (not concatenated into a Buffer and copied again). */
function concat(chunks: Buffer[]): Uint8Array {
  let size = 0;
  for (const c of chunks) size += c.length;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

/** Ends `out` and waits until it has flushed (or failed). */
function endStream(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
}

/** Writes to `out`, waiting for 'drain' when it is full; a stream error is kept for the next call. */
function streamSink(out: Writable, fail: (e: Error) => void): ZipSink {
  out.on('error', fail);
  // One wait while `out` is full, shared by every write made meanwhile.
  let waiting: Promise<void> | undefined;
  return (chunk) => {
    // A failed stream emits nothing more to wait for; its error is reported by the next `ready`.
    if (out.destroyed || out.errored) return;
    if (out.write(chunk)) return;
    waiting ??= new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        out.off('error', done);
        waiting = undefined;
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
      out.on('error', done);
    });
    return waiting;
  };
}
