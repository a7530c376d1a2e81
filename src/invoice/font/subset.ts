import type { TtfFont } from './ttf-font.js';
import { componentGlyphIds } from './_composite.js';

/** Tables a PDF FontFile2 needs for a CIDFontType2 (ISO 32000-1 §9.9); cmap is not needed with CIDToGIDMap. */
const COPIED_TABLES = ['cvt ', 'fpgm', 'prep'];

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
 * A TrueType subset that keeps glyph ids: the used glyphs (and the components of composite
 * ones) keep their outlines, every other glyph up to the highest used id becomes empty. So
 * the PDF can draw glyph ids directly (Identity-H, CIDToGIDMap Identity) and the subset is a
 * copy of byte ranges plus rebuilt head/hhea/maxp/hmtx/loca, not a re-encoding of the font.
 */
export function subsetFont(font: TtfFont, used: Iterable<number>): Buffer {
  const keep = new Set<number>([0]);
  const queue = [...used];
  while (queue.length) {
    const g = queue.pop()!;
    if (keep.has(g) || g >= font.numGlyphs) continue;
    keep.add(g);
    for (const c of componentGlyphIds(font.glyphBytes(g))) if (!keep.has(c)) queue.push(c);
  }
  const numGlyphs = Math.max(...keep) + 1;

  let glyfSize = 0;
  for (const g of keep) glyfSize += pad4(font.glyphBytes(g).length);
  const glyf = Buffer.alloc(glyfSize);
  const loca = Buffer.alloc(4 * (numGlyphs + 1));
  const hmtx = Buffer.alloc(4 * numGlyphs);
  let pos = 0;
  for (let g = 0; g < numGlyphs; g++) {
    loca.writeUInt32BE(pos, 4 * g);
    if (!keep.has(g)) continue;
    const bytes = font.glyphBytes(g);
    bytes.copy(glyf, pos);
    pos += pad4(bytes.length);
    hmtx.writeUInt16BE(font.advance(g), 4 * g);
    // Left side bearing = xMin of the outline (0 for an empty glyph).
    if (bytes.length >= 10) hmtx.writeInt16BE(bytes.readInt16BE(2), 4 * g + 2);
  }
  loca.writeUInt32BE(pos, 4 * numGlyphs);

  const head = Buffer.from(font.rawTable('head')!);
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  head.writeInt16BE(1, 50); // long loca
  const hhea = Buffer.from(font.rawTable('hhea')!);
  hhea.writeUInt16BE(numGlyphs, 34);
  const maxp = Buffer.from(font.rawTable('maxp')!);
  maxp.writeUInt16BE(numGlyphs, 4);

  const tables: Array<[string, Buffer]> = [
    ['glyf', glyf],
    ['head', head],
    ['hhea', hhea],
    ['hmtx', hmtx],
    ['loca', loca],
    ['maxp', maxp],
  ];
  for (const tag of COPIED_TABLES) {
    const t = font.rawTable(tag);
    if (t) tables.push([tag, t]);
  }
  tables.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return assemble(tables);
}

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
