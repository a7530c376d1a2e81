const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** An append-only ASCII byte buffer: content streams are written as bytes, not built up as strings. */
export class ByteSink {
  private buf = Buffer.allocUnsafe(8192);
  private pos = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** Appends ASCII text (operators, numbers, names). */
  ascii(text: string): void {
    this.room(text.length);
    this.pos += this.buf.write(text, this.pos, 'latin1');
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

  bytes(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
