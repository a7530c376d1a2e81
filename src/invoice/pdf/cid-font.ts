import { deflateSync } from 'node:zlib';
import { PDFName, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import { subsetFont } from '../font/subset.js';
import type { FontFace } from './font-face.js';
import { toUnicodeCMap } from './_to-unicode.js';

/** Six capital letters from the glyph set, so the subset tag is stable for the same text (no randomness). */
function subsetTag(glyphs: number[], seed: string): string {
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    h = Math.imul(h ^ n, 0x01000193) >>> 0;
  };
  for (const c of seed) mix(c.charCodeAt(0));
  for (const g of glyphs) mix(g);
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + Math.imul(i + 1, 0x9e3779b1 >>> 8);
  }
  return tag;
}

/** `/W` entries: runs of consecutive glyph ids with their widths in 1/1000 em. */
function widthArray(face: FontFace, glyphs: number[]): Array<number | number[]> {
  const scale = 1000 / face.font.unitsPerEm;
  const out: Array<number | number[]> = [];
  let run: number[] = [];
  let runStart = -2;
  for (const g of glyphs) {
    if (g !== runStart + run.length) {
      if (run.length) out.push(runStart, run);
      run = [];
      runStart = g;
    }
    run.push(Math.round(face.font.advance(g) * scale));
  }
  if (run.length) out.push(runStart, run);
  return out;
}

/**
 * Writes the glyphs `face` drew as a Type0 font (Identity-H, CIDFontType2 with CIDToGIDMap
 * Identity) with a deflated glyph-id-keeping TrueType subset and a ToUnicode map, so text
 * is embedded, small and copyable. Returns the reference of the Type0 font dictionary.
 */
export function writeCidFont(context: PDFContext, face: FontFace): PDFRef {
  const glyphs = [...face.used.keys()].sort((a, b) => a - b);
  const font = face.font;
  const scale = 1000 / font.unitsPerEm;
  const name = `${subsetTag(glyphs, font.postscriptName)}+${font.postscriptName}`;

  const fontFile = subsetFont(font, glyphs);
  const fontFileRef = context.register(
    context.stream(deflateSync(fontFile), { Filter: 'FlateDecode', Length1: fontFile.length }),
  );
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 32,
      FontBBox: font.bbox.map((v) => Math.round(v * scale)),
      ItalicAngle: 0,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round(font.capHeight * scale),
      StemV: 80,
      FontFile2: fontFileRef,
    }),
  );
  const cidFont = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: widthArray(face, glyphs),
      CIDToGIDMap: PDFName.of('Identity'),
    }),
  );
  const toUnicode = toUnicodeCMap(face.used, glyphs);
  const toUnicodeRef = context.register(context.stream(deflateSync(toUnicode), { Filter: 'FlateDecode' }));
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicodeRef,
    }),
  );
}
