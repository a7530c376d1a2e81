/** Size of the buffers rows are written into. */
const CHUNK_BYTES = 1 << 20;
/** Row text gathered before it is written into a buffer: small enough to die young. */
const BATCH_CHARS = 16 * 1024;

/**
 * Rows kept as short JSON arrays in UTF-8 buffers of about a megabyte, for stores that must hold
 * 100,000 keys without holding 100,000 objects. Text is gathered a batch (16 KB) at a time and
 * read back a batch at a time: rows kept as strings until a megabyte was gathered, or decoded a
 * megabyte at once, outlived V8's young generation and ended as old-space garbage.
 */
export class PackedRows<P> {
  private readonly chunks: Buffer[] = [];
  /** Per chunk: start and end offsets of each batch of rows written into it. */
  private readonly batches: number[][] = [];
  private currentBatches: number[] = [];
  private current: Buffer | null = null;
  private used = 0;
  private pending = '';
  /** A small store's rows as one JSON array's text, while they are all one batch (see `rows`). */
  private whole: string | undefined;
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Bytes held by the packed rows. */
  get bytes(): number {
    return this.chunks.reduce((n, c) => n + c.length, 0) + this.used + this.pending.length;
  }

  add(row: P): void {
    const text = JSON.stringify(row);
    this.pending = this.pending ? `${this.pending},${text}` : text;
    this.whole = undefined;
    this.count++;
    // One Buffer.write per batch of rows: a write per row cost more than the rest of `add`.
    if (this.pending.length >= BATCH_CHARS) this.flush();
  }

  /**
   * The rows: an array of them while they are all one batch (an organization of a few dozen
   * keys), parsed from its text, which stays as it is (not encoded into a buffer of its own and
   * decoded again, nor yielded one by one); else read a batch at a time.
   */
  rows(): Iterable<P> {
    if (this.chunks.length === 0 && this.current === null && this.pending.length < BATCH_CHARS) {
      return this.pending ? (JSON.parse((this.whole ??= `[${this.pending}]`)) as P[]) : [];
    }
    return this.batchRows();
  }

  private *batchRows(): Iterable<P> {
    this.flush(true);
    this.seal();
    for (let c = 0; c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      const batches = this.batches[c]!;
      for (let b = 0; b < batches.length; b += 2) {
        yield* JSON.parse(`[${chunk.toString('utf8', batches[b], batches[b + 1])}]`) as P[];
      }
    }
  }

  /** Writes the pending rows into the current buffer (a new one when they do not fit). */
  private flush(last = false): void {
    if (!this.pending) return;
    const need = Buffer.byteLength(this.pending) + 1;
    if (this.current && this.used + need > this.current.length) this.seal();
    if (!this.current) {
      // Not from the shared pool: each buffer is kept for as long as the store. The last rows of
      // a store (or all of a small one) get a buffer of their size, not a megabyte to copy from.
      this.current = Buffer.allocUnsafeSlow(last ? need : Math.max(CHUNK_BYTES, need));
      this.used = 0;
    }
    if (this.used > 0) this.current[this.used++] = 0x2c;
    const start = this.used;
    this.used += this.current.write(this.pending, this.used, 'utf8');
    this.currentBatches.push(start, this.used);
    this.pending = '';
  }

  /** Keeps the current buffer's written part (a copy when much of it is unused); the next rows start a new one. */
  private seal(): void {
    if (!this.current || this.used === 0) return;
    const full = this.current.subarray(0, this.used);
    this.chunks.push(this.used < this.current.length / 2 ? Buffer.from(full) : full);
    this.batches.push(this.currentBatches);
    this.currentBatches = [];
    this.current = null;
    this.used = 0;
  }
}
