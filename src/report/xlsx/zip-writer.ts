import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Where the zip's bytes go: a write that may ask the caller to wait (backpressure). */
export type ZipSink = (chunk: Buffer) => Promise<void> | void;

interface EntryRecord {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  flags: number;
}

/** Uncompressed text gathered before it is deflated: big enough to compress well, small enough to hold. */
const CHUNK_BYTES = 1 << 18;
// Ends a deflate stream whose blocks were all sync-flushed: an empty final block of fixed codes.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const LIMIT = 0xffff_ffff;
const DESCRIPTOR = 0x08;

/**
 * A zip container written front to back, as an xlsx needs it: each entry is deflated in chunks
 * (every chunk sync-flushed, so the pieces join into one deflate stream) and the central
 * directory comes last. Entries are written one at a time; memory holds one chunk, never a
 * whole entry. Every entry carries the same `stamp`, so the same content gives the same bytes.
 * No zip64: an entry or archive past 4 GiB is refused.
 */
export class ZipWriter {
  private readonly entries: EntryRecord[] = [];
  private offset = 0;
  private open: ZipEntryStream | undefined;
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
  async file(name: string, content: string | Buffer): Promise<void> {
    const entry = this.entry(name);
    entry.write(content);
    await entry.end();
  }

  /** An entry written piece by piece (a worksheet); end it before the next one. */
  entry(name: string): ZipEntryStream {
    if (this.open) throw new Error(`zip entry ${this.open.name} is still open`);
    const record: EntryRecord = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset, flags: DESCRIPTOR };
    this.entries.push(record);
    this.emit(this.localHeader(record));
    this.open = new ZipEntryStream(name, record, this.level, (b) => this.emit(b), () => {
      this.open = undefined;
      this.emit(dataDescriptor(record));
    });
    return this.open;
  }

  /** Waits until the sink has taken what was written so far. */
  ready(): Promise<void> {
    return this.pending ?? Promise.resolve();
  }

  /** The central directory; the archive is complete once this resolves. */
  async close(): Promise<void> {
    if (this.open) throw new Error(`zip entry ${this.open.name} is still open`);
    const start = this.offset;
    for (const e of this.entries) this.emit(centralHeader(e, this.dosTime, this.dosDate));
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

  // The sink's latest wait: once it has drained, so has everything written before.
  private pending: Promise<void> | undefined;

  private emit(chunk: Buffer): void {
    this.offset += chunk.length;
    const wait = this.sink(chunk);
    if (wait) this.pending = wait;
  }

  private localHeader(e: EntryRecord): Buffer {
    const h = Buffer.alloc(30 + e.name.length);
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

/** One entry being written: text or bytes in, deflated chunks out. */
export class ZipEntryStream {
  private parts: Array<string | Buffer> = [];
  private partBytes = 0;
  private ended = false;

  constructor(
    readonly name: string,
    private readonly record: EntryRecord,
    private readonly level: number,
    private readonly emit: (b: Buffer) => void,
    private readonly done: () => void,
  ) {}

  write(content: string | Buffer): void {
    if (this.ended) throw new Error(`zip entry ${this.name} has ended`);
    this.parts.push(content);
    // Characters, not bytes, for strings: close enough to bound the chunk.
    this.partBytes += content.length;
    if (this.partBytes >= CHUNK_BYTES) this.deflate();
  }

  async end(): Promise<void> {
    this.deflate();
    this.ended = true;
    this.emit(FINAL_BLOCK);
    this.record.compressed += FINAL_BLOCK.length;
    if (this.record.size > LIMIT || this.record.compressed > LIMIT) throw new RangeError(`zip entry ${this.name} is larger than 4 GiB`);
    this.done();
  }

  private deflate(): void {
    if (this.parts.length === 0) return;
    const raw = this.parts.length === 1 && Buffer.isBuffer(this.parts[0]) ? this.parts[0] : Buffer.from(this.parts.join(''), 'utf8');
    this.parts = [];
    this.partBytes = 0;
    this.record.crc = crc32(raw, this.record.crc);
    this.record.size += raw.length;
    const packed = deflateRawSync(raw, { level: this.level, finishFlush: constants.Z_SYNC_FLUSH });
    this.record.compressed += packed.length;
    this.emit(packed);
  }
}

function dataDescriptor(e: EntryRecord): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc >>> 0, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralHeader(e: EntryRecord, time: number, date: number): Buffer {
  const h = Buffer.alloc(46 + e.name.length);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(e.flags, 8);
  h.writeUInt16LE(8, 10);
  h.writeUInt16LE(time, 12);
  h.writeUInt16LE(date, 14);
  h.writeUInt32LE(e.crc >>> 0, 16);
  h.writeUInt32LE(e.compressed, 20);
  h.writeUInt32LE(e.size, 24);
  h.writeUInt16LE(e.name.length, 28);
  h.writeUInt32LE(e.offset, 42);
  e.name.copy(h, 46);
  return h;
}
