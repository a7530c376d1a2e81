import type { TtfFont } from './ttf-font.js';
import { pad4, wordSum } from './_glyph-chunks.js';
import { glyphNumbering } from './_glyph-numbering.js';

/** Where a subset is written: the PDF file's byte sink. */
export interface ByteTarget {
  raw(data: Uint8Array): void;
}

/** A font subset as a PDF FontFile2 stream needs it, written straight into the file. */
export interface FontSubset {
  /** Size of the TrueType file in bytes. */
  length: number;
  /** Appends the TrueType file. */
  writeFile(target: ByteTarget): void;
  /** Glyph id in the subset of CID 0..n (CID i+1 is `order[i]`), two bytes each, for `/CIDToGIDMap`. */
  cidToGid: Uint8Array;
}

/**
 * A compact TrueType subset of the glyphs `order` (CID i+1 draws `order[i]`). Glyph 0 stays
 * .notdef; composite glyphs follow with their component references renumbered, then every
 * simple glyph (components included), copied from a per-process cache with its checksum.
 * Hinting is dropped. Only head, hhea, hmtx, loca, maxp and glyf are written: what a PDF
 * FontFile2 for a CIDFontType2 needs. Left uncompressed: deflating it costs more time per
 * document (about 0.1 ms a font) than its 1–2 KB are worth. The file is not assembled in
 * memory: its size and checksums are known from the parts, which are copied into the PDF.
 */
export function subsetFont(font: TtfFont, order: readonly number[]): FontSubset {
  const numbering = glyphNumbering(font);
  numbering.add(0);
  const composites: number[] = [];
  const simples: number[] = [];
  const visit = (g: number): void => {
    if (!numbering.add(g)) return;
    const { bytes, components } = font.outline(g);
    (components.length ? composites : simples).push(g);
    for (const at of components) visit(bytes.readUInt16BE(at));
  };
  for (const g of order) visit(g);
  const glyphs = [0, ...composites, ...simples];
  glyphs.forEach((g, i) => numbering.set(g, i));
  const n = glyphs.length;

  // .notdef (cached) and the composites (renumbered copies); the simple glyphs come from the cache.
  const parts: Uint8Array[] = [font.chunk(0).padded];
  let glyfSum = font.chunk(0).checksum;
  for (const g of composites) {
    const { bytes, components } = font.outline(g);
    const copy = pad4(Buffer.from(bytes));
    for (const at of components) copy.writeUInt16BE(numbering.get(bytes.readUInt16BE(at)), at);
    parts.push(copy);
    glyfSum = (glyfSum + wordSum(copy)) >>> 0;
  }
  for (const g of simples) {
    const chunk = font.chunk(g);
    parts.push(chunk.padded);
    glyfSum = (glyfSum + chunk.checksum) >>> 0;
  }

  const loca = Buffer.alloc(4 * (n + 1));
  const hmtx = Buffer.alloc(4 * n);
  let pos = 0;
  for (let i = 0; i < n; i++) {
    const g = glyphs[i]!;
    loca.writeUInt32BE(pos, 4 * i);
    pos += parts[i]!.length;
    hmtx.writeUInt16BE(font.advance(g), 4 * i);
    const outline = font.outline(g).bytes;
    if (outline.length >= 10) hmtx.writeInt16BE(outline.readInt16BE(2), 4 * i + 2);
  }
  loca.writeUInt32BE(pos, 4 * n);
  const glyfLength = pos;

  const headTable = paddedCopy(font.rawTable('head')!);
  headTable.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  headTable.writeInt16BE(1, 50); // long loca
  const hhea = paddedCopy(font.rawTable('hhea')!);
  hhea.writeUInt16BE(n, 34);
  const maxp = paddedCopy(font.rawTable('maxp')!);
  maxp.writeUInt16BE(n, 4);
  if (maxp.length >= 32) maxp.writeUInt16BE(0, 26); // maxSizeOfInstructions: hinting dropped

  // File order: the directory, the small tables, then glyf. The directory lists tags sorted
  // (glyf first); lengths are the tables' own, offsets 4-byte aligned.
  const small: Array<[string, Buffer, number]> = [
    ['head', headTable, font.rawTable('head')!.length],
    ['hhea', hhea, font.rawTable('hhea')!.length],
    ['hmtx', hmtx, hmtx.length],
    ['loca', loca, loca.length],
    ['maxp', maxp, font.rawTable('maxp')!.length],
  ];
  const dirSize = 12 + 16 * 6;
  const dir = Buffer.alloc(dirSize);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(6, 4);
  dir.writeUInt16BE(64, 6); // searchRange: 16 × 2^floor(log2 6)
  dir.writeUInt16BE(2, 8); // entrySelector
  dir.writeUInt16BE(6 * 16 - 64, 10); // rangeShift
  let fileSum = 0;
  const record = (i: number, tag: string, sum: number, offset: number, length: number): void => {
    const rec = 12 + 16 * i;
    dir.write(tag, rec, 'latin1');
    dir.writeUInt32BE(sum, rec + 4);
    dir.writeUInt32BE(offset, rec + 8);
    dir.writeUInt32BE(length, rec + 12);
    fileSum = (fileSum + sum) >>> 0;
  };
  let offset = dirSize;
  small.forEach(([tag, data, length], i) => {
    record(i + 1, tag, wordSum(data), offset, length);
    offset += data.length;
  });
  record(0, 'glyf', glyfSum, offset, glyfLength);
  fileSum = (fileSum + wordSum(dir)) >>> 0;
  headTable.writeUInt32BE((0xb1b0afba - fileSum) >>> 0, 8);

  const cidToGid = Buffer.alloc(2 * (order.length + 1));
  // A loop, not a callback made per subset: V8 drops a closure's optimized code at each full collection (bench/README.md, issue 42).
  for (let i = 0; i < order.length; i++) cidToGid.writeUInt16BE(numbering.get(order[i]!), 2 * (i + 1));
  numbering.clear();
  return {
    length: offset + glyfLength,
    writeFile(target) {
      target.raw(dir);
      for (const [, data] of small) target.raw(data);
      for (const part of parts) target.raw(part);
    },
    cidToGid,
  };
}

/** A copy of a table, zero-padded to 4 bytes (the padding counts in checksums as zeros). */
function paddedCopy(table: Buffer): Buffer {
  const copy = Buffer.alloc((table.length + 3) & ~3);
  table.copy(copy);
  return copy;
}
