import type { TtfFont } from './ttf-font.js';

function checksum(b: Buffer): number {
  let sum = 0;
  const whole = b.length & ~3;
  for (let i = 0; i < whole; i += 4) sum = (sum + b.readUInt32BE(i)) >>> 0;
  if (whole < b.length) {
    const tail = Buffer.alloc(4);
    b.copy(tail, 0, whole);
    sum = (sum + tail.readUInt32BE(0)) >>> 0;
  }
  return sum;
}

const pad4 = (n: number): number => (n + 3) & ~3;

/**
 * A compact TrueType subset whose glyph `i` is the original glyph `order[i - 1]` (glyph 0
 * stays .notdef), so CID = new glyph id (CIDToGIDMap Identity) and the tables hold only the
 * glyphs drawn. Components of composite glyphs are appended and their references renumbered;
 * hinting is dropped. Only head, hhea, maxp, hmtx, loca and glyf are written: what a PDF
 * FontFile2 for a CIDFontType2 needs. Returns the font and the final original-id order.
 */
export function subsetFont(font: TtfFont, order: readonly number[]): { bytes: Buffer; glyphs: number[] } {
  const glyphs = [0, ...order];
  const index = new Map<number, number>();
  glyphs.forEach((g, i) => index.set(g, i));
  for (let i = 0; i < glyphs.length; i++) {
    const { bytes, components } = font.outline(glyphs[i]!);
    for (const at of components) {
      const c = bytes.readUInt16BE(at);
      if (!index.has(c)) {
        index.set(c, glyphs.length);
        glyphs.push(c);
      }
    }
  }
  const n = glyphs.length;
  let glyfSize = 0;
  for (const g of glyphs) glyfSize += pad4(font.outline(g).bytes.length);
  const glyf = Buffer.alloc(glyfSize);
  const loca = Buffer.alloc(4 * (n + 1));
  const hmtx = Buffer.alloc(4 * n);
  let pos = 0;
  glyphs.forEach((g, i) => {
    loca.writeUInt32BE(pos, 4 * i);
    const { bytes, components } = font.outline(g);
    bytes.copy(glyf, pos);
    for (const at of components) glyf.writeUInt16BE(index.get(bytes.readUInt16BE(at))!, pos + at);
    pos += pad4(bytes.length);
    hmtx.writeUInt16BE(font.advance(g), 4 * i);
    if (bytes.length >= 10) hmtx.writeInt16BE(bytes.readInt16BE(2), 4 * i + 2);
  });
  loca.writeUInt32BE(pos, 4 * n);

  const head = Buffer.from(font.rawTable('head')!);
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set in assemble
  head.writeInt16BE(1, 50); // long loca
  const hhea = Buffer.from(font.rawTable('hhea')!);
  hhea.writeUInt16BE(n, 34);
  const maxp = Buffer.from(font.rawTable('maxp')!);
  maxp.writeUInt16BE(n, 4);
  if (maxp.length >= 32) maxp.writeUInt16BE(0, 26); // maxSizeOfInstructions: hinting dropped

  const bytes = assemble([
    ['glyf', glyf],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
  ]);
  return { bytes, glyphs };
}

/** Writes the sfnt container: table directory (tags sorted), checksums, head.checkSumAdjustment. */
function assemble(tables: Array<[string, Buffer]>): Buffer {
  const n = tables.length;
  const headerSize = 12 + 16 * n;
  let total = headerSize;
  for (const [, data] of tables) total += pad4(data.length);
  const out = Buffer.alloc(total);
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= n) entrySelector++;
  out.writeUInt32BE(0x00010000, 0);
  out.writeUInt16BE(n, 4);
  out.writeUInt16BE(16 << entrySelector, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(n * 16 - (16 << entrySelector), 10);
  let offset = headerSize;
  let headOffset = -1;
  tables.forEach(([tag, data], i) => {
    const rec = 12 + 16 * i;
    out.write(tag, rec, 'latin1');
    out.writeUInt32BE(checksum(data), rec + 4);
    out.writeUInt32BE(offset, rec + 8);
    out.writeUInt32BE(data.length, rec + 12);
    data.copy(out, offset);
    if (tag === 'head') headOffset = offset;
    offset += pad4(data.length);
  });
  out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headOffset + 8);
  return out;
}
