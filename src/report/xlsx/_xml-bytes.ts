/**
 * XML written straight into a growing byte buffer, as UTF-8: a sheet's cells were strings made,
 * joined per row, joined per 16 K characters and encoded (about twelve bytes allocated per byte of
 * XML, most of a workbook's garbage at a month end). Text is escaped and encoded in one pass.
 */
export class XmlBytes {
  buf: Uint8Array;
  pos = 0;

  constructor(size: number) {
    this.buf = new Uint8Array(size);
  }

  /** Room for `n` more bytes. */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Bytes made once (tags, attributes). */
  bytes(b: Uint8Array): void {
    const n = b.length;
    this.room(n);
    const buf = this.buf;
    let p = this.pos;
    // A loop for the short fragments of a cell: a typed array's `set` costs more than it copies.
    if (n < 32) for (let i = 0; i < n; i++) buf[p++] = b[i]!;
    else {
      buf.set(b, p);
      p += n;
    }
    this.pos = p;
  }

  /** Markup whose characters need no escaping (any text: encoded as UTF-8). */
  raw(s: string): void {
    this.encode(s, false);
  }

  /** Text as XML element content (`&`, `<`, `>` escaped, as `escapeText` does). */
  text(s: string): void {
    this.encode(s, true);
  }

  /** A number as JavaScript writes it (`String(n)`); integers digit by digit, without a string. */
  number(n: number): void {
    // Safe integers below 1e15 (String(-0) is '0' too); others, and non-finite ones, as String() has them.
    if (Number.isInteger(n) && n > -1e15 && n < 1e15) this.integer(n);
    else this.ascii(String(n));
  }

  /** Text known to be ASCII with nothing to escape (a number's digits). */
  private ascii(s: string): void {
    const n = s.length;
    this.room(n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  private integer(n: number): void {
    this.room(17);
    const buf = this.buf;
    if (n < 0) {
      buf[this.pos++] = 0x2d;
      n = -n;
    }
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    let p = this.pos + digits;
    this.pos = p;
    do {
      const q = Math.floor(n / 10);
      buf[--p] = 0x30 + (n - q * 10);
      n = q;
    } while (n > 0);
  }

  /** UTF-8 of `s` (a lone surrogate as U+FFFD, as Buffer's encoder writes it). */
  private encode(s: string, escape: boolean): void {
    const n = s.length;
    // Escapes take at most 5 bytes per unit (`&amp;`), UTF-8 at most 3.
    this.room(n * 5);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (escape && (c === 0x26 || c === 0x3c || c === 0x3e)) {
          buf[p++] = 0x26;
          if (c === 0x26) {
            buf[p++] = 0x61;
            buf[p++] = 0x6d;
            buf[p++] = 0x70;
          } else {
            buf[p++] = c === 0x3c ? 0x6c : 0x67;
            buf[p++] = 0x74;
          }
          buf[p++] = 0x3b;
        } else buf[p++] = c;
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 0x3f);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && (d & 0xfc00) === 0xdc00) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          buf[p++] = 0xf0 | (cp >> 18);
          buf[p++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[p++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[p++] = 0x80 | (cp & 0x3f);
          i++;
        } else {
          buf[p++] = 0xef;
          buf[p++] = 0xbf;
          buf[p++] = 0xbd;
        }
      } else {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 0x3f);
        buf[p++] = 0x80 | (c & 0x3f);
      }
    }
    this.pos = p;
  }
}

/** ASCII markup as bytes, made once. */
export function asciiBytes(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}
