import { readFileSync } from 'node:fs';
import { componentOffsets, stripInstructions } from './_composite.js';
import { glyphChunk, type GlyphChunk } from './_glyph-chunks.js';

/** One glyph's bytes in the `glyf` table: [start, end) offsets into the font file. */
interface GlyphSpan {
  start: number;
  end: number;
}

/**
 * A TrueType font parsed once into the tables the PDF writer needs: codepoint → glyph id,
 * advance widths, glyph byte spans and the raw tables the subsetter copies. Measuring text
 * and writing a subset then cost lookups, never a re-parse.
 */
export class TtfFont {
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly bbox: [number, number, number, number];
  readonly numGlyphs: number;
  /** PostScript-style name used in the PDF (`DejaVuSans-Bold`). */
  readonly postscriptName: string;
  /** The cmap for the Basic Multilingual Plane as a flat table (0: no glyph): measuring text is a lookup per character. */
  private readonly bmp = new Uint16Array(0x10000);
  /** The cmap beyond the BMP (emoji, rare scripts), where a flat table would be mostly empty. */
  private readonly astral = new Map<number, number>();
  private readonly advances: Uint16Array;
  private readonly spans: GlyphSpan[] = [];
  private readonly tables = new Map<string, { offset: number; length: number }>();
  private readonly outlines = new Map<number, { bytes: Buffer; components: number[] }>();
  private readonly chunks = new Map<number, GlyphChunk>();

  constructor(readonly bytes: Buffer, postscriptName: string) {
    this.postscriptName = postscriptName;
    const numTables = bytes.readUInt16BE(4);
    for (let i = 0; i < numTables; i++) {
      const o = 12 + 16 * i;
      this.tables.set(bytes.toString('latin1', o, o + 4), { offset: bytes.readUInt32BE(o + 8), length: bytes.readUInt32BE(o + 12) });
    }
    const head = this.table('head').offset;
    this.unitsPerEm = bytes.readUInt16BE(head + 18);
    this.bbox = [bytes.readInt16BE(head + 36), bytes.readInt16BE(head + 38), bytes.readInt16BE(head + 40), bytes.readInt16BE(head + 42)];
    const longLoca = bytes.readInt16BE(head + 50) === 1;
    const hhea = this.table('hhea').offset;
    this.ascent = bytes.readInt16BE(hhea + 4);
    this.descent = bytes.readInt16BE(hhea + 6);
    const numHMetrics = bytes.readUInt16BE(hhea + 34);
    this.numGlyphs = bytes.readUInt16BE(this.table('maxp').offset + 4);
    const os2 = this.tables.get('OS/2');
    this.capHeight = os2 && os2.length >= 90 ? bytes.readInt16BE(os2.offset + 88) : Math.round(this.ascent * 0.7);

    this.advances = new Uint16Array(this.numGlyphs);
    const hmtx = this.table('hmtx').offset;
    let last = 0;
    for (let g = 0; g < this.numGlyphs; g++) {
      if (g < numHMetrics) last = bytes.readUInt16BE(hmtx + 4 * g);
      this.advances[g] = last;
    }
    const loca = this.table('loca').offset;
    const glyf = this.table('glyf').offset;
    const at = (g: number): number => (longLoca ? bytes.readUInt32BE(loca + 4 * g) : bytes.readUInt16BE(loca + 2 * g) * 2);
    for (let g = 0; g < this.numGlyphs; g++) this.spans.push({ start: glyf + at(g), end: glyf + at(g + 1) });
    this.readCmap();
  }

  static fromFile(path: string, postscriptName: string): TtfFont {
    return new TtfFont(readFileSync(path), postscriptName);
  }

  /** Glyph id for a codepoint, 0 (.notdef) when the font lacks it. */
  glyphId(codepoint: number): number {
    return codepoint < 0x10000 ? this.bmp[codepoint]! : (this.astral.get(codepoint) ?? 0);
  }

  /** Advance width in font units. */
  advance(glyphId: number): number {
    return this.advances[glyphId] ?? 0;
  }

  /** The glyph's outline bytes (empty for a blank glyph such as space). */
  glyphBytes(glyphId: number): Buffer {
    const s = this.spans[glyphId];
    return s ? this.bytes.subarray(s.start, s.end) : Buffer.alloc(0);
  }

  /** The glyph's outline without hinting instructions, and its components' offsets; computed once per glyph. */
  outline(glyphId: number): { bytes: Buffer; components: number[] } {
    let o = this.outlines.get(glyphId);
    if (!o) {
      const bytes = stripInstructions(this.glyphBytes(glyphId));
      o = { bytes, components: componentOffsets(bytes) };
      this.outlines.set(glyphId, o);
    }
    return o;
  }

  /** A simple glyph's outline compressed for concatenation; made once per glyph and process. */
  chunk(glyphId: number): GlyphChunk {
    let c = this.chunks.get(glyphId);
    if (!c) this.chunks.set(glyphId, (c = glyphChunk(this.outline(glyphId).bytes)));
    return c;
  }

  /** A raw table, or undefined when the font has none. */
  rawTable(tag: string): Buffer | undefined {
    const t = this.tables.get(tag);
    return t ? this.bytes.subarray(t.offset, t.offset + t.length) : undefined;
  }

  private table(tag: string): { offset: number; length: number } {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`font ${this.postscriptName} has no ${tag} table`);
    return t;
  }

  private map(codepoint: number, glyphId: number): void {
    if (codepoint < 0x10000) this.bmp[codepoint] = glyphId;
    else this.astral.set(codepoint, glyphId);
  }

  /** Reads the Unicode cmap: format 12 (full range) when present, else format 4 (BMP). */
  private readCmap(): void {
    const b = this.bytes;
    const cmap = this.table('cmap').offset;
    const n = b.readUInt16BE(cmap + 2);
    let f4 = -1;
    let f12 = -1;
    for (let i = 0; i < n; i++) {
      const rec = cmap + 4 + 8 * i;
      const platform = b.readUInt16BE(rec);
      const encoding = b.readUInt16BE(rec + 2);
      const sub = cmap + b.readUInt32BE(rec + 4);
      const format = b.readUInt16BE(sub);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode) continue;
      if (format === 12) f12 = sub;
      else if (format === 4) f4 = sub;
    }
    if (f12 >= 0) {
      const groups = b.readUInt32BE(f12 + 12);
      for (let i = 0; i < groups; i++) {
        const g = f12 + 16 + 12 * i;
        const start = b.readUInt32BE(g);
        const end = b.readUInt32BE(g + 4);
        const gid = b.readUInt32BE(g + 8);
        for (let c = start; c <= end; c++) this.map(c, gid + c - start);
      }
      return;
    }
    if (f4 < 0) throw new Error(`font ${this.postscriptName} has no Unicode cmap`);
    const segX2 = b.readUInt16BE(f4 + 6);
    const ends = f4 + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffsets = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = b.readUInt16BE(ends + 2 * s);
      const start = b.readUInt16BE(starts + 2 * s);
      const delta = b.readInt16BE(deltas + 2 * s);
      const ro = b.readUInt16BE(rangeOffsets + 2 * s);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let gid: number;
        if (ro === 0) gid = (c + delta) & 0xffff;
        else {
          const addr = rangeOffsets + 2 * s + ro + 2 * (c - start);
          gid = b.readUInt16BE(addr);
          if (gid !== 0) gid = (gid + delta) & 0xffff;
        }
        if (gid !== 0) this.map(c, gid);
      }
    }
  }
}
