import { constants, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { deflateWhole } from './_deflate-whole.js';
import { CHUNK_BYTES, giveBackSpare, LIMIT, ZipEntryStream, type EntryOwner, type EntryRecord } from './_zip-entry.js';

export { ZipEntryStream } from './_zip-entry.js';

/** Where the zip's bytes go: a write that may ask the caller to wait (backpressure). */
export type ZipSink = (chunk: Buffer) => Promise<void> | void;

// Ends a deflate stream whose blocks were all sync-flushed: an empty final block of fixed codes.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const DESCRIPTOR = 0x08;

/**
 * A zip container written front to back, as an xlsx needs it: entries one at a time, the
 * central directory last. One deflate stream serves the whole archive: each entry's data is
 * sync-flushed, closed with an empty final block and the stream reset for the next entry, so
 * a workbook holds one zlib state (not one per entry or chunk, whose native memory piled up
 * until a garbage collection) and never more than a chunk of any entry. Every entry carries
 * the same `stamp`, so the same content gives the same bytes. No zip64: past 4 GiB is refused.
 */
export class ZipWriter implements EntryOwner {
  private readonly entries: EntryRecord[] = [];
  private offset = 0;
  private open: ZipEntryStream | undefined;
  private deflater: DeflateRaw | undefined;
  // The sink's latest wait: once it has drained, so has everything written before.
  private sinkWait: Promise<void> | undefined;
  private deflaterWait: Promise<void> | undefined;
  private failure: Error | undefined;
  readonly dosTime: number;
  readonly dosDate: number;

  constructor(
    private readonly sink: ZipSink,
    stamp: Date,
    private readonly level = 1,
  ) {
    this.dosTime = (stamp.getUTCHours() << 11) | (stamp.getUTCMinutes() << 5) | Math.floor(stamp.getUTCSeconds() / 2);
    this.dosDate = (Math.max(0, stamp.getUTCFullYear() - 1980) << 9) | ((stamp.getUTCMonth() + 1) << 5) | stamp.getUTCDate();
  }

  /** A whole entry at once (small parts: styles, rels, comments). */
  file(name: string, content: string | Buffer): Promise<void> {
    const entry = this.entry(name);
    entry.write(content);
    return entry.end();
  }

  /** An entry written piece by piece (a worksheet); end it before the next one. */
  entry(name: string): ZipEntryStream {
    if (this.open) throw new Error(`zip entry ${this.open.name} is still open`);
    const record: EntryRecord = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset, flags: DESCRIPTOR };
    this.entries.push(record);
    this.emit(this.localHeader(record));
    this.open = new ZipEntryStream(name, record, this);
    return this.open;
  }

  /** For `ZipEntryStream`: its whole data, deflated at once. */
  deflateWhole(record: EntryRecord, raw: Buffer, remember: boolean): void {
    this.compressed(deflateWhole(raw, record.crc, this.level, remember));
  }

  /** For `ZipEntryStream`: the end of its data and its descriptor (an entry deflated whole: nothing to wait for). */
  finishEntry(record: EntryRecord, whole: boolean): Promise<void> | undefined {
    // A whole entry never reached the stream (a flush there would add an empty block).
    if (!whole) return this.flushDeflater().then(() => this.descriptor(record));
    this.descriptor(record);
    return undefined;
  }

  private descriptor(record: EntryRecord): void {
    record.compressed += FINAL_BLOCK.length;
    this.emit(dataDescriptor(record));
    this.open = undefined;
  }

  /** Waits until the deflater and the sink have taken what was written so far. */
  async ready(): Promise<void> {
    await this.deflaterWait;
    await this.sinkWait;
    if (this.failure) throw this.failure;
  }

  /** The central directory; the archive is complete once this resolves. */
  async close(): Promise<void> {
    if (this.open) throw new Error(`zip entry ${this.open.name} is still open`);
    this.deflater?.close();
    this.deflater = undefined;
    const start = this.offset;
    // The directory in one buffer: a Buffer per entry's header was 46 a workbook.
    let bytes = 0;
    for (const e of this.entries) bytes += 46 + e.name.length;
    const directory = Buffer.allocUnsafe(bytes);
    let at = 0;
    for (const e of this.entries) at = centralHeader(directory, at, e, this.dosTime, this.dosDate);
    this.emit(directory);
    const size = this.offset - start;
    if (this.entries.length > 0xffff || start > LIMIT) throw new RangeError('the workbook is too large for a zip without zip64');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    this.emit(end);
    await this.ready();
  }

  /** For `ZipEntryStream`: hands `raw` to the deflate stream; `chunk`, the buffer it lies in, is given back once the stream has read it. */
  deflate(raw: Buffer, chunk?: Buffer): void {
    if (!this.deflater) {
      // Output in chunks as large as the input's: zlib's default 16 KB meant a callback, a zip
      // write and a file write per 16 KB. The chunk size does not change the compressed bytes.
      const d = createDeflateRaw({ level: this.level, chunkSize: CHUNK_BYTES });
      d.on('data', (c: Buffer) => this.compressed(c));
      d.on('error', (e: Error) => (this.failure ??= e));
      this.deflater = d;
    }
    const read = chunk ? () => giveBackSpare(chunk) : undefined;
    if (!this.deflater.write(raw, read)) {
      const d = this.deflater;
      this.deflaterWait ??= new Promise<void>((resolve) => d.once('drain', () => {
        this.deflaterWait = undefined;
        resolve();
      }));
    }
  }

  private compressed(c: Buffer): void {
    this.entries[this.entries.length - 1]!.compressed += c.length;
    this.emit(c);
  }

  /** Sync-flushes the entry's data out of the deflater, then resets it for the next entry. */
  private async flushDeflater(): Promise<void> {
    const d = this.deflater;
    if (!d) return;
    await new Promise<void>((resolve) => d.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    // Output is handed to 'data' before the flush completes; take anything still buffered.
    for (let c = d.read() as Buffer | null; c !== null; c = d.read() as Buffer | null) this.compressed(c);
    if (this.failure) throw this.failure;
    d.reset();
  }

  private emit(chunk: Buffer): void {
    this.offset += chunk.length;
    const wait = this.sink(chunk);
    if (wait) this.sinkWait = wait;
  }

  private localHeader(e: EntryRecord): Buffer {
    // From Node's shared pool (a small Buffer.alloc is an ArrayBuffer of its own); zeros where nothing is written.
    const h = Buffer.allocUnsafe(30 + e.name.length).fill(0, 14, 30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(e.flags, 6);
    h.writeUInt16LE(8, 8);
    h.writeUInt16LE(this.dosTime, 10);
    h.writeUInt16LE(this.dosDate, 12);
    // CRC and sizes follow the data (data descriptor): they are not known before it is written.
    h.writeUInt16LE(e.name.length, 26);
    e.name.copy(h, 30);
    return h;
  }
}

/** The entry's deflate data's last block (`FINAL_BLOCK`), then its data descriptor: one buffer. */
function dataDescriptor(e: EntryRecord): Buffer {
  const d = Buffer.allocUnsafe(FINAL_BLOCK.length + 16);
  FINAL_BLOCK.copy(d, 0);
  const at = FINAL_BLOCK.length;
  d.writeUInt32LE(0x08074b50, at);
  d.writeUInt32LE(e.crc >>> 0, at + 4);
  d.writeUInt32LE(e.compressed, at + 8);
  d.writeUInt32LE(e.size, at + 12);
  return d;
}

/** Writes `e`'s central directory header into `h` at `at`; returns where the next one goes. */
function centralHeader(h: Buffer, at: number, e: EntryRecord, time: number, date: number): number {
  h.fill(0, at + 30, at + 42);
  h.writeUInt32LE(0x02014b50, at);
  h.writeUInt16LE(20, at + 4);
  h.writeUInt16LE(20, at + 6);
  h.writeUInt16LE(e.flags, at + 8);
  h.writeUInt16LE(8, at + 10);
  h.writeUInt16LE(time, at + 12);
  h.writeUInt16LE(date, at + 14);
  h.writeUInt32LE(e.crc >>> 0, at + 16);
  h.writeUInt32LE(e.compressed, at + 20);
  h.writeUInt32LE(e.size, at + 24);
  h.writeUInt16LE(e.name.length, at + 28);
  h.writeUInt32LE(e.offset, at + 42);
  e.name.copy(h, at + 46);
  return at + 46 + e.name.length;
}
