import { constants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { deflateWhole } from './_deflate-whole.js';

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
/** Characters of an entry's text gathered as strings before it is encoded into chunk buffers. */
const SWITCH_CHARS = 1 << 14;
// Ends a deflate stream whose blocks were all sync-flushed: an empty final block of fixed codes.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const LIMIT = 0xffff_ffff;
const DESCRIPTOR = 0x08;

/**
 * A zip container written front to back, as an xlsx needs it: entries one at a time, the
 * central directory last. One deflate stream serves the whole archive: each entry's data is
 * sync-flushed, closed with an empty final block and the stream reset for the next entry, so
 * a workbook holds one zlib state (not one per entry or chunk, whose native memory piled up
 * until a garbage collection) and never more than a chunk of any entry. Every entry carries
 * the same `stamp`, so the same content gives the same bytes. No zip64: past 4 GiB is refused.
 */
export class ZipWriter {
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
    this.open = new ZipEntryStream(name, record, {
      deflate: (raw, chunk) => this.deflate(raw, chunk),
      deflateWhole: (raw, remember) => this.compressed(deflateWhole(raw, record.crc, this.level, remember)),
      finish: async (whole: boolean) => {
        // A whole entry never reached the stream (a flush there would add an empty block).
        if (!whole) await this.flushDeflater();
        this.emit(FINAL_BLOCK);
        record.compressed += FINAL_BLOCK.length;
        this.emit(dataDescriptor(record));
        this.open = undefined;
      },
    });
    return this.open;
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

  /** Hands `raw` to the deflate stream; `chunk`, the buffer it lies in, is given back once the stream has read it. */
  private deflate(raw: Buffer, chunk?: Buffer): void {
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

/** One entry being written: text or bytes in, handed to the archive's deflater a chunk at a time. */
export class ZipEntryStream {
  // A small entry's text is gathered and joined once (Buffer.from of a short string takes its
  // bytes from Node's shared pool). Past SWITCH_CHARS, text is encoded straight into a chunk
  // buffer as it comes, one Buffer.write per piece: joining a chunk's pieces into one string
  // and encoding that cost a flatten and a copy per chunk of a large sheet.
  private parts: string[] = [];
  private partChars = 0;
  private buffer: Buffer | null = null;
  private used = 0;
  private ended = false;

  constructor(
    readonly name: string,
    private readonly record: EntryRecord,
    private readonly zip: { deflate(raw: Buffer, chunk?: Buffer): void; deflateWhole(raw: Buffer, remember: boolean): void; finish(whole: boolean): Promise<void> },
  ) {}

  write(content: string | Buffer): void {
    if (this.ended) throw new Error(`zip entry ${this.name} has ended`);
    if (typeof content !== 'string') {
      this.take();
      this.hand(content);
      return;
    }
    if (!this.buffer) {
      this.parts.push(content);
      this.partChars += content.length;
      if (this.partChars < SWITCH_CHARS) return;
      const text = this.parts.join('');
      this.parts = [];
      this.partChars = 0;
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      if (text.length * 3 > CHUNK_BYTES) {
        this.hand(Buffer.from(text, 'utf8'));
        return;
      }
      this.buffer = takeSpare() ?? Buffer.allocUnsafe(CHUNK_BYTES * 2);
      this.used = this.buffer.write(text, 0, 'utf8');
      return;
    }
    const most = content.length * 3;
    if (this.used + most > this.buffer.length) {
      this.take();
      this.write(content);
      return;
    }
    this.used += this.buffer.write(content, this.used, 'utf8');
    if (this.used >= CHUNK_BYTES) this.take();
  }

  /** Bytes `start` to `end` of `src`, copied (the caller reuses `src`): a sheet's rows, written as bytes. */
  writeBytes(src: Uint8Array, start: number, end: number): void {
    if (this.ended) throw new Error(`zip entry ${this.name} has ended`);
    while (start < end) {
      if (!this.buffer) {
        this.buffer = takeSpare() ?? Buffer.allocUnsafe(CHUNK_BYTES * 2);
        this.used = 0;
        // Text written before (at most SWITCH_CHARS characters, 3 bytes each) goes first.
        if (this.parts.length) {
          this.used = this.buffer.write(this.parts.join(''), 0, 'utf8');
          this.parts = [];
          this.partChars = 0;
        }
      }
      const n = Math.min(end - start, CHUNK_BYTES - this.used);
      if (n > 0) {
        this.buffer.set(src.subarray(start, start + n), this.used);
        this.used += n;
        start += n;
      }
      if (this.used >= CHUNK_BYTES) this.take();
    }
  }

  async end(): Promise<void> {
    let whole = false;
    if (this.record.size === 0 && (this.buffer || this.parts.length)) {
      // Never handed to the stream: the whole entry is here, as strings (a small part) or in its
      // first chunk buffer (a sheet of up to CHUNK_BYTES, such as each sheet of an organization's
      // workbook at a month end). Deflated in this thread, in one call (`deflateWhole`): a stream
      // write and flush cost two trips to libuv's thread pool, their events and the stream's
      // machinery, more than deflating a few hundred kilobytes at level 1.
      const chunk = this.buffer;
      const raw = chunk ? chunk.subarray(0, this.used) : Buffer.from(this.parts.join(''), 'utf8');
      this.buffer = null;
      this.used = 0;
      this.parts = [];
      this.partChars = 0;
      this.record.crc = crc32(raw, this.record.crc);
      this.record.size += raw.length;
      if (raw.length) {
        // A sheet's own rows are met once: not remembered (see deflateWhole).
        this.zip.deflateWhole(raw, chunk === null);
        whole = true;
      }
      // Deflated and checksummed synchronously: the chunk buffer is free for the next entry.
      if (chunk) giveBackSpare(chunk);
    } else this.take();
    this.ended = true;
    if (this.record.size > LIMIT) throw new RangeError(`zip entry ${this.name} is larger than 4 GiB`);
    await this.zip.finish(whole);
    if (this.record.compressed > LIMIT) throw new RangeError(`zip entry ${this.name} is larger than 4 GiB`);
  }

  private take(): void {
    if (this.buffer) {
      // The deflater holds this buffer until it has read it, then gives it back for a later chunk.
      const chunk = this.buffer;
      const raw = chunk.subarray(0, this.used);
      this.buffer = null;
      this.used = 0;
      this.hand(raw, chunk);
    } else if (this.parts.length) {
      const raw = Buffer.from(this.parts.join(''), 'utf8');
      this.parts = [];
      this.partChars = 0;
      this.hand(raw);
    }
  }

  private hand(raw: Buffer, chunk?: Buffer): void {
    if (raw.length === 0) {
      if (chunk) giveBackSpare(chunk);
      return;
    }
    this.record.crc = crc32(raw, this.record.crc);
    this.record.size += raw.length;
    this.zip.deflate(raw, chunk);
  }
}

/**
 * Chunk buffers (2 × CHUNK_BYTES each) kept for the next chunks of any workbook in this process.
 * A sheet that ends within its first chunk is deflated synchronously, so its buffer can serve the
 * next sheet; a chunk handed to the deflate stream comes back when the stream has read it. Without
 * them every such sheet (five of each organization's workbook at a month end) and every chunk of a
 * large sheet (about 400 of the 100,000-key Keys sheet) allocated half a megabyte outside V8's
 * heap, and that external memory is what drives V8 to full collections: under the CLI's compact
 * heap, one every 60-80 ms while the 100,000-key workbook was written (bench/README.md). The
 * stream holds at most a chunk or two (the writer waits for its drain), so a few are kept; an
 * entry that finds none allocates its own.
 */
const spares: Buffer[] = [];
const MAX_SPARES = 4;

function takeSpare(): Buffer | null {
  return spares.pop() ?? null;
}

function giveBackSpare(b: Buffer): void {
  if (b.length === CHUNK_BYTES * 2 && spares.length < MAX_SPARES) spares.push(b);
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
