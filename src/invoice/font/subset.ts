import type { TtfFont } from './ttf-font.js';
import { pad4, wordSum } from './_glyph-chunks.js';

/** A font subset as a PDF FontFile2 stream needs it. */
export interface FontSubset {
  /** The TrueType file. */
  bytes: Buffer;
  /** Glyph id in the subset of CID 0..n (CID i+1 is `order[i]`), for `/CIDToGIDMap`. */
  cidToGid: Buffer;
}

/**
 * A compact TrueType subset of the glyphs `order` (CID i+1 draws `order[i]`). Glyph 0 stays
 * .notdef; composite glyphs follow with their component references renumbered, then every
 * simple glyph (components included), copied from a per-process cache with its checksum.
 * Hinting is dropped. Only head, hhea, hmtx, loca, maxp and glyf are written: what a PDF
 * FontFile2 for a CIDFontType2 needs. Left uncompressed: deflating it costs more time per
 * document (about 0.1 ms a font) than its 1–2 KB are worth.
 */
export function subsetFont(font: TtfFont, order: readonly number[]): FontSubset {
  const seen = new Set<number>([0]);
  const composites: number[] = [];
  const simples: number[] = [];
  const visit = (g: number): void => {
    if (seen.has(g)) return;
    seen.add(g);
    const { components } = font.outline(g);
    (components.length ? composites : simples).push(g);
    for (const at of components) visit(font.outline(g).bytes.readUInt16BE(at));
  };
  for (const g of order) visit(g);
  const glyphs = [0, ...composites, ...simples];
  const index = new Map<number, number>();
  glyphs.forEach((g, i) => index.set(g, i));
  const n = glyphs.length;

  // .notdef and the composites (renumbered) are built here; the simple glyphs come from the cache.
  const head = [0, ...composites].map((g) => {
    const { bytes, components } = font.outline(g);
    if (!components.length) return pad4(bytes);
    const copy = pad4(Buffer.from(bytes));
    for (const at of components) copy.writeUInt16BE(index.get(bytes.readUInt16BE(at))!, at);
    return copy;
  });
  const chunks = simples.map((g) => font.chunk(g));
  const lengths = [...head.map((b) => b.length), ...chunks.map((c) => c.padded.length)];

  const loca = Buffer.alloc(4 * (n + 1));
  const hmtx = Buffer.alloc(4 * n);
  let pos = 0;
  glyphs.forEach((g, i) => {
    loca.writeUInt32BE(pos, 4 * i);
    pos += lengths[i]!;
    hmtx.writeUInt16BE(font.advance(g), 4 * i);
    const outline = font.outline(g).bytes;
    if (outline.length >= 10) hmtx.writeInt16BE(outline.readInt16BE(2), 4 * i + 2);
  });
  loca.writeUInt32BE(pos, 4 * n);
  const glyfLength = pos;
  let glyfSum = 0;
  for (const b of head) glyfSum = (glyfSum + wordSum(b)) >>> 0;
  for (const c of chunks) glyfSum = (glyfSum + c.checksum) >>> 0;

  const headTable = Buffer.from(font.rawTable('head')!);
  headTable.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  headTable.writeInt16BE(1, 50); // long loca
  const hhea = Buffer.from(font.rawTable('hhea')!);
  hhea.writeUInt16BE(n, 34);
  const maxp = Buffer.from(font.rawTable('maxp')!);
  maxp.writeUInt16BE(n, 4);
  if (maxp.length >= 32) maxp.writeUInt16BE(0, 26); // maxSizeOfInstructions: hinting dropped

  // File order: the small tables, then glyf; the directory lists tags sorted.
  const small: Array<[string, Buffer]> = [['head', headTable], ['hhea', hhea], ['hmtx', hmtx], ['loca', loca], ['maxp', maxp]];
  const dirSize = 12 + 16 * 6;
  const entries = new Map<string, { offset: number; length: number; sum: number }>();
  let offset = dirSize;
  for (const [tag, data] of small) {
    entries.set(tag, { offset, length: data.length, sum: wordSum(data) });
    offset += pad4(data).length;
  }
  entries.set('glyf', { offset, length: glyfLength, sum: glyfSum });
  const total = offset + glyfLength;

  const dir = Buffer.alloc(dirSize);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(6, 4);
  dir.writeUInt16BE(64, 6); // searchRange: 16 × 2^floor(log2 6)
  dir.writeUInt16BE(2, 8); // entrySelector
  dir.writeUInt16BE(6 * 16 - 64, 10); // rangeShift
  let fileSum = 0;
  [...entries.keys()].sort().forEach((tag, i) => {
    const e = entries.get(tag)!;
    const rec = 12 + 16 * i;
    dir.write(tag, rec, 'latin1');
    dir.writeUInt32BE(e.sum, rec + 4);
    dir.writeUInt32BE(e.offset, rec + 8);
    dir.writeUInt32BE(e.length, rec + 12);
    fileSum = (fileSum + e.sum) >>> 0;
  });
  fileSum = (fileSum + wordSum(dir)) >>> 0;
  headTable.writeUInt32BE((0xb1b0afba - fileSum) >>> 0, 8);

  const bytes = Buffer.concat([dir, ...small.map(([, data]) => pad4(data)), ...head, ...chunks.map((c) => c.padded)], total);

  const cidToGid = Buffer.alloc(2 * (order.length + 1));
  order.forEach((g, i) => cidToGid.writeUInt16BE(index.get(g)!, 2 * (i + 1)));
  return { bytes, cidToGid };
}
