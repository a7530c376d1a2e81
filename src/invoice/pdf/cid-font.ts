import { subsetFont } from '../font/subset.js';
import type { FontFace } from './font-face.js';
import type { PdfFile } from './_pdf-file.js';
import { writeToUnicodeCMap } from './_to-unicode.js';

/** Six capital letters from the glyph set, so the subset tag is stable for the same text (no randomness). */
function subsetTag(glyphs: readonly number[], seed: string): string {
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    h = Math.imul(h ^ n, 0x01000193) >>> 0;
  };
  for (let i = 0; i < seed.length; i++) mix(seed.charCodeAt(i));
  for (const g of glyphs) mix(g);
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + Math.imul(i + 1, 0x9e3779b1 >>> 8);
  }
  return tag;
}

/** `/W`: CIDs 1..n are consecutive, so one run of widths in 1/1000 em. */
function widths(face: FontFace): string {
  const scale = 1000 / face.font.unitsPerEm;
  let run = '';
  for (const g of face.glyphs) run += `${Math.round(face.font.advance(g) * scale)} `;
  return `[1 [${run}]]`;
}

/**
 * Writes the glyphs `face` drew as a Type0 font (object `type0`; Identity-H, CIDFontType2
 * with a CIDToGIDMap into a compact TrueType subset) and a ToUnicode map, so text is
 * embedded, small and copyable.
 */
export function writeCidFont(file: PdfFile, type0: number, face: FontFace): void {
  const font = face.font;
  const scale = 1000 / font.unitsPerEm;
  const em = (v: number): number => Math.round(v * scale);
  const name = `${subsetTag(face.glyphs, font.postscriptName)}+${font.postscriptName}`;
  const subset = subsetFont(font, face.glyphs);
  const [cidFont, descriptor, fontFile, cidToGid, toUnicode] = [file.reserve(), file.reserve(), file.reserve(), file.reserve(), file.reserve()];

  file.object(type0, `<</Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R>>`);
  file.object(
    cidFont,
    `<</Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> ` +
      `/FontDescriptor ${descriptor} 0 R /DW 0 /W ${widths(face)} /CIDToGIDMap ${cidToGid} 0 R>>`,
  );
  file.object(
    descriptor,
    `<</Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [${font.bbox.map(em).join(' ')}] /ItalicAngle 0 ` +
      `/Ascent ${em(font.ascent)} /Descent ${em(font.descent)} /CapHeight ${em(font.capHeight)} /StemV 80 /FontFile2 ${fontFile} 0 R>>`,
  );
  file.stream(fontFile, ` /Length1 ${subset.length}`, (sink) => subset.writeFile(sink), true);
  file.stream(cidToGid, '', (sink) => sink.raw(subset.cidToGid));
  // About 1 KB; not worth a zlib call per document.
  file.stream(toUnicode, '', (sink) => writeToUnicodeCMap(sink, face.texts));
}
