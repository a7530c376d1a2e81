import { PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
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

/** `/W`: CIDs 1..n are consecutive, so one run of widths in 1/1000 em. */
function widthArray(face: FontFace): Array<number | number[]> {
  const scale = 1000 / face.font.unitsPerEm;
  return [1, face.glyphs.map((g) => Math.round(face.font.advance(g) * scale))];
}

/**
 * Writes the glyphs `face` drew as a Type0 font (Identity-H, CIDFontType2 with a
 * CIDToGIDMap into a compact TrueType subset) and a ToUnicode map, so text
 * is embedded, small and copyable. Returns the reference of the Type0 font dictionary.
 */
export function writeCidFont(context: PDFContext, face: FontFace): PDFRef {
  const font = face.font;
  const glyphs = face.glyphs;
  const scale = 1000 / font.unitsPerEm;
  const name = `${subsetTag(glyphs, font.postscriptName)}+${font.postscriptName}`;

  const subset = subsetFont(font, glyphs);
  const fontFileRef = context.register(context.stream(subset.bytes, { Length1: subset.bytes.length }));
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
      W: widthArray(face),
      CIDToGIDMap: context.register(context.stream(subset.cidToGid)),
    }),
  );
  const toUnicode = toUnicodeCMap(face.texts);
  // About 1 KB; not worth a zlib call per document.
  const toUnicodeRef = context.register(context.stream(toUnicode));
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
