const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Per byte, the letter written after a backslash inside a literal string, or 0: `\(`, `\)`, `\\`, `\r`, `\n`. */
const STRING_ESCAPES = new Uint8Array(256);
for (const [byte, letter] of [[0x28, 0x28], [0x29, 0x29], [0x5c, 0x5c], [0x0d, 0x72], [0x0a, 0x6e]] as const) STRING_ESCAPES[byte] = letter;

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

  /** Appends text as UTF-8. */
  utf8(text: string): void {
    this.room(text.length * 3);
    this.pos += this.buf.write(text, this.pos, 'utf8');
  }

  /**
   * Appends a number with at most two decimals (`537.28`, `12.5`, `-3`, `0`), digit by digit.
   * Not through String(): V8 caches number-to-string results in its old generation, so the
   * thousands of distinct coordinates of a month-end run would pile up there until a full GC
   * (about 10 KB per long invoice, and the main cause of the process's growing peak memory).
   */
  num(n: number): void {
    let v = Math.round(n * 100);
    this.room(24);
    const b = this.buf;
    if (v === 0) {
      b[this.pos++] = 0x30;
      return;
    }
    if (v < 0) {
      b[this.pos++] = 0x2d;
      v = -v;
    }
    const frac = v % 100;
    this.uint((v - frac) / 100);
    if (frac) {
      b[this.pos++] = 0x2e;
      b[this.pos++] = 0x30 + Math.floor(frac / 10);
      if (frac % 10) b[this.pos++] = 0x30 + (frac % 10);
    }
  }

  /** Appends a non-negative integer in decimal digits, zero-padded to `width` digits (an xref offset). */
  uint(v: number, width = 1): void {
    let digits = 1;
    for (let p = 10; p <= v; p *= 10) digits++;
    if (digits < width) digits = width;
    this.room(digits);
    for (let i = this.pos + digits - 1; i >= this.pos; i--) {
      const d = v % 10;
      this.buf[i] = 0x30 + d;
      v = (v - d) / 10;
    }
    this.pos += digits;
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

  /**
   * Appends a 16-bit value as two bytes of a literal string (a CID inside `(…)`), big-endian,
   * each byte that a literal string reads specially escaped: `(`, `)`, `\\`, and CR and LF (which
   * a reader would normalise). Half the bytes of four hex digits, so less to deflate and a
   * smaller file.
   */
  stringUint16(value: number): void {
    this.room(4);
    this.stringByte((value >> 8) & 255);
    this.stringByte(value & 255);
  }

  private stringByte(byte: number): void {
    const escape = STRING_ESCAPES[byte]!;
    if (escape) {
      this.buf[this.pos++] = 0x5c;
      this.buf[this.pos++] = escape;
    } else this.buf[this.pos++] = byte;
  }

  /** Appends a 16-bit value as four hex digits (a code inside `<...>`). */
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
