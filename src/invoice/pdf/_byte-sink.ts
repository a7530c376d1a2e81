const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** Free sinks kept for reuse, and how many and how large they may be. */
const pool: ByteSink[] = [];
const POOL_SIZE = 16;
const POOL_MAX_BYTES = 256 * 1024;

/**
 * An append-only byte buffer: content streams and the PDF file itself are written as bytes,
 * not built up as strings or pdf-lib objects. Sinks are borrowed from a small pool and released once their bytes have been
 * deflated, so rendering thousands of documents does not churn off-heap buffers (which V8
 * frees late and which showed up as resident memory). A sink never released is simply
 * garbage-collected.
 */
export class ByteSink {
  private buf = Buffer.allocUnsafe(8192);
  private pos = 0;

  static borrow(): ByteSink {
    return pool.pop() ?? new ByteSink();
  }

  /** Gives the sink back; its bytes must not be used afterwards. */
  release(): void {
    this.pos = 0;
    if (pool.length < POOL_SIZE && this.buf.length <= POOL_MAX_BYTES && !pool.includes(this)) pool.push(this);
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** Appends ASCII text (operators, numbers, names; Latin-1 at most). */
  ascii(text: string): void {
    const n = text.length;
    this.room(n);
    // Most pieces are a few characters: a plain loop beats Buffer#write's per-call checks.
    if (n < 48) {
      const b = this.buf;
      let p = this.pos;
      for (let i = 0; i < n; i++) b[p++] = text.charCodeAt(i);
      this.pos = p;
    } else this.pos += this.buf.write(text, this.pos, 'latin1');
  }

  /** Appends bytes as they are (a compressed stream, a font program). */
  raw(data: Uint8Array): void {
    this.room(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }

  /** Overwrites ASCII text at `at` (a length written once it is known). */
  patch(at: number, text: string): void {
    this.buf.write(text, at, 'latin1');
  }

  /** Bytes written so far. */
  get length(): number {
    return this.pos;
  }

  /** Appends a 16-bit value as four hex digits (a CID inside `<...>`). */
  hex4(value: number): void {
    this.room(4);
    const b = this.buf;
    b[this.pos++] = HEX[(value >> 12) & 15]!;
    b[this.pos++] = HEX[(value >> 8) & 15]!;
    b[this.pos++] = HEX[(value >> 4) & 15]!;
    b[this.pos++] = HEX[value & 15]!;
  }

  /** The bytes written so far (a view, valid until the sink is released). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
