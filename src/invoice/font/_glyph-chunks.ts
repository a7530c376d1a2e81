/** A simple glyph ready to copy into `glyf`: padded bytes and their table checksum, made once per process. */
export interface GlyphChunk {
  /** Outline padded to 4 bytes, as it sits in `glyf`. */
  padded: Buffer;
  /** Sum of the padded bytes as big-endian uint32 words (a table checksum is the sum over its parts). */
  checksum: number;
}

export function wordSum(b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i + 3 < b.length; i += 4) sum = (sum + ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!)) >>> 0;
  const rest = b.length & 3;
  if (rest) {
    let last = 0;
    for (let k = 0; k < 4; k++) last = (last << 8) | (k < rest ? b[b.length - rest + k]! : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** Pads to a multiple of 4 bytes. */
export function pad4(b: Buffer): Buffer {
  const extra = (4 - (b.length & 3)) & 3;
  return extra ? Buffer.concat([b, Buffer.alloc(extra)]) : b;
}

export function glyphChunk(outline: Buffer): GlyphChunk {
  const padded = pad4(outline);
  return { padded, checksum: wordSum(padded) };
}
