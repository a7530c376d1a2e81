import { crc32 } from 'node:zlib';

/** What the central directory needs of an entry. */
export interface EntryRecord {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  flags: number;
}

/** The archive an entry belongs to (`ZipWriter`). */
export interface EntryOwner {
  /** Hands `raw` to the archive's deflate stream; `chunk`, the buffer it lies in, is given back once read. */
  deflate(raw: Buffer, chunk?: Buffer): void;
  /** The whole entry at once, deflated in this thread. */
  deflateWhole(record: EntryRecord, raw: Buffer, remember: boolean): void;
  /** Ends the entry's deflate data and writes its descriptor. */
  finishEntry(record: EntryRecord, whole: boolean): Promise<void> | undefined;
}

/** Uncompressed text gathered before it is deflated: big enough to compress well, small enough to hold. */
export const CHUNK_BYTES = 1 << 18;
/** Characters of an entry's text gathered as strings before it is encoded into chunk buffers. */
const SWITCH_CHARS = 1 << 14;
export const LIMIT = 0xffff_ffff;
const DONE = Promise.resolve();

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
    private readonly zip: EntryOwner,
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

  /**
   * Ends the entry. Not an async function: an entry deflated whole (most parts of a workbook) ends
   * here and now, and gets one promise made once, not three made per entry.
   */
  end(): Promise<void> {
    let whole = false;
    if (this.record.size === 0 && (this.buffer || this.parts.length)) {
      // Never handed to the stream: the whole entry is here, as strings (a small part) or in its
      // first chunk buffer (a sheet of up to CHUNK_BYTES, such as each sheet of an organization's
      // workbook at a month end). Deflated in this thread, in one call (`deflateWhole`): a stream
      // write and flush cost two trips to libuv's thread pool, their events and the stream's
      // machinery, more than deflating a few hundred kilobytes at level 1.
      const chunk = this.buffer;
      // A small part's text is encoded into a spare chunk buffer too (at most SWITCH_CHARS
      // characters): no buffer of its own per part.
      const spare = chunk ?? takeSpare() ?? Buffer.allocUnsafe(CHUNK_BYTES * 2);
      const raw = spare.subarray(0, chunk ? this.used : spare.write(this.parts.join(''), 0, 'utf8'));
      this.buffer = null;
      this.used = 0;
      this.parts = [];
      this.partChars = 0;
      this.record.crc = crc32(raw, this.record.crc);
      this.record.size += raw.length;
      if (raw.length) {
        // A sheet's own rows are met once: not remembered (see deflateWhole, which copies what it keeps).
        this.zip.deflateWhole(this.record, raw, chunk === null);
        whole = true;
      }
      // Deflated and checksummed synchronously: the buffer is free for the next entry.
      giveBackSpare(spare);
    } else this.take();
    this.ended = true;
    if (this.record.size > LIMIT) throw new RangeError(`zip entry ${this.name} is larger than 4 GiB`);
    const finishing = this.zip.finishEntry(this.record, whole);
    if (finishing) return finishing.then(() => this.checkCompressed());
    this.checkCompressed();
    return DONE;
  }

  private checkCompressed(): void {
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

export function takeSpare(): Buffer | null {
  return spares.pop() ?? null;
}

export function giveBackSpare(b: Buffer): void {
  if (b.length === CHUNK_BYTES * 2 && spares.length < MAX_SPARES) spares.push(b);
}

