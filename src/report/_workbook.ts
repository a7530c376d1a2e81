import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';

/** The streaming workbook and what `finish` resolves to. */
export interface StreamingBook {
  wb: ExcelJS.stream.xlsx.WorkbookWriter;
  /** Commits the workbook; resolves with the bytes when no stream was given. */
  finish(): Promise<Uint8Array | undefined>;
}

/**
 * A streaming workbook (styles on, shared strings off so memory does not grow with the
 * number of distinct texts) that writes to `out`, or collects the bytes when `out` is absent.
 * `stamp` (a date from the data) replaces the clock in the document properties and in every
 * zip entry, so the same input gives the same bytes.
 */
export function openBook(stamp: Date, out?: Writable): StreamingBook {
  const sink = out ?? new PassThrough();
  const chunks: Buffer[] = [];
  if (!out) sink.on('data', (c: Buffer) => chunks.push(c));
  const wb = withClockAt(stamp, () =>
    new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: sink,
      useStyles: true,
      useSharedStrings: false,
      // Level 1: a workbook is written once and read rarely; level 6 doubled the time for 100,000 keys.
      zip: { zlib: { level: 1 }, forceLocalTime: false },
    }),
  );
  wb.creator = 'svc';
  wb.lastModifiedBy = 'svc';
  wb.created = stamp;
  wb.modified = stamp;
  // exceljs gives every zip entry the current time; the stamp keeps the bytes reproducible.
  const zip = (wb as unknown as { zip: { append(src: unknown, data: Record<string, unknown>): unknown } }).zip;
  const append = zip.append.bind(zip);
  zip.append = (src, data) => append(src, { ...data, date: stamp });
  return {
    wb,
    async finish() {
      await wb.commit();
      return out ? undefined : new Uint8Array(Buffer.concat(chunks));
    },
  };
}

/**
 * Runs the synchronous `make` with `new Date()` giving `stamp`: the workbook writer's
 * constructor adds its first zip entries (theme, rels) stamped with the current time, before
 * `append` can be wrapped. Nothing else runs meanwhile, and the real Date is restored at once.
 */
function withClockAt<T>(stamp: Date, make: () => T): T {
  const RealDate = globalThis.Date;
  class StampedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(stamp.getTime());
      else super(...(args as [string]));
    }
  }
  globalThis.Date = StampedDate as DateConstructor;
  try {
    return make();
  } finally {
    globalThis.Date = RealDate;
  }
}

/** Sheet options: landscape, fit to one page wide, header row frozen and repeated when printed. */
export function addSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  headerRow?: number,
): ExcelJS.Worksheet {
  const pageSetup: Partial<ExcelJS.PageSetup> = {
    orientation: 'landscape',
    paperSize: 9,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    ...(headerRow ? { printTitlesRow: `${headerRow}:${headerRow}` } : {}),
  };
  const views: Array<Partial<ExcelJS.WorksheetView>> = headerRow
    ? [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}`, activeCell: `A${headerRow + 1}` }]
    : [{ state: 'normal' }];
  return wb.addWorksheet(name, { pageSetup, views });
}

/** How long to wait for the zip writer before going on anyway (it never stalls in practice). */
const DRAIN_WAIT_MS = 2000;

/** The writable state of a stream from any `readable-stream` version (archiver's v2 lacks `writableNeedDrain`). */
interface WritableState {
  length: number;
  highWaterMark: number;
  needDrain?: boolean;
}

function mustWait(pipe: Writable): boolean {
  if (pipe.writableNeedDrain) return true;
  const state = (pipe as unknown as { _writableState?: WritableState })._writableState;
  return !!state && (state.needDrain === true || state.length >= state.highWaterMark);
}

/**
 * Waits until the zip writer has taken the sheet's buffered output. exceljs writes into its
 * pipe without heeding backpressure, so without this pause the uncompressed XML of a large
 * sheet piles up in memory while zlib compresses it. The pipe is archiver's PassThrough from
 * readable-stream 2, which has no `writableNeedDrain`: its writable state is read instead.
 */
export async function drain(ws: ExcelJS.Worksheet): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const stream = (ws as unknown as { _stream?: { pipes?: Writable[] } })._stream;
  for (const pipe of stream?.pipes ?? []) {
    while (mustWait(pipe)) {
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        once(pipe, 'drain').then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DRAIN_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (!drained) break;
    }
  }
}
