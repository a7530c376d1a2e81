import { createHash } from 'node:crypto';
import { ByteSink } from './_byte-sink.js';

/**
 * A PDF file written front to back into one pooled buffer: numbered objects, their byte
 * offsets, the cross-reference table and the trailer. Callers reserve object numbers first
 * (so objects can refer to each other in any order) and write each object's body as PDF
 * syntax; text from the data never reaches a body unencoded (see _pdf-text.ts). Writing
 * the file directly, instead of through pdf-lib's object model and serializer, was about
 * a third of a typical invoice's time and half of its allocations.
 */
export class PdfFile {
  private readonly out = ByteSink.borrow();
  private readonly offsets: number[] = [0];
  /** [start, end) byte ranges left out of the document ID (see stream's `derived`). */
  private readonly unhashed: number[] = [];

  constructor() {
    // The comment of four bytes above 127 marks the file as binary for transfer tools.
    this.out.ascii('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n');
  }

  /** A new object number, to be written later with object() or stream(). */
  reserve(): number {
    this.offsets.push(-1);
    return this.offsets.length - 1;
  }

  /** Writes object `n` with `body` (ASCII PDF syntax). */
  object(n: number, body: string): void {
    this.begin(n);
    this.out.ascii(body);
    this.out.ascii('\nendobj\n');
  }

  /**
   * Writes stream object `n`: `dict` entries (without /Length) and the bytes `write` appends.
   * The length is filled in afterwards, in a field padded with spaces (allowed in a dictionary).
   * `derived`: the bytes follow from objects that are hashed (a font program from the glyph ids
   * in its CIDToGIDMap, a profile every file carries), so the document ID leaves them out.
   */
  stream(n: number, dict: string, write: (sink: ByteSink) => void, derived = false): void {
    this.begin(n);
    this.out.ascii(`<<${dict} /Length `);
    const lengthAt = this.out.length;
    this.out.ascii('          >>\nstream\n');
    const start = this.out.length;
    write(this.out);
    if (derived) this.unhashed.push(start, this.out.length);
    this.out.patch(lengthAt, String(this.out.length - start));
    this.out.ascii('\nendstream\nendobj\n');
  }

  /**
   * Writes the cross-reference table and trailer; returns the file as a new array of its exact
   * size. The trailer's `/ID` (PDF/A needs one) is the first 16 bytes of the SHA-256 of every
   * object written but the derived stream data (font programs, the ICC profile): unique to the
   * content, and the same for the same content (no clock, no randomness). Leaving those out
   * hashes 10 of a typical file's 24 KB. SHA-256, not MD5: with the CPU's SHA instructions it
   * takes a third of MD5's time.
   */
  finish(root: number, info: number): Uint8Array {
    const missing = this.offsets.indexOf(-1);
    if (missing >= 0) throw new Error(`PDF object ${missing} was reserved but never written`);
    const id = this.contentHash().slice(0, 32);
    const xref = this.out.length;
    this.out.ascii(`xref\n0 ${this.offsets.length}\n0000000000 65535 f \n`);
    for (let n = 1; n < this.offsets.length; n++) {
      this.out.uint(this.offsets[n]!, 10);
      this.out.ascii(' 00000 n \n');
    }
    this.out.ascii(`trailer\n<</Size ${this.offsets.length} /Root ${root} 0 R /Info ${info} 0 R /ID [<${id}> <${id}>]>>\nstartxref\n${xref}\n%%EOF\n`);
    const file = new Uint8Array(this.out.bytes());
    this.out.release();
    return file;
  }

  private contentHash(): string {
    const bytes = this.out.bytes();
    const hash = createHash('sha256');
    let from = 0;
    for (let i = 0; i < this.unhashed.length; i += 2) {
      hash.update(bytes.subarray(from, this.unhashed[i]));
      from = this.unhashed[i + 1]!;
    }
    return hash.update(bytes.subarray(from)).digest('hex');
  }

  private begin(n: number): void {
    if (this.offsets[n] !== -1) throw new Error(`PDF object ${n} is not reserved or already written`);
    this.offsets[n] = this.out.length;
    this.out.ascii(`${n} 0 obj\n`);
  }
}
