import type { FontFace } from './font-face.js';
import type { PdfFile } from './_pdf-file.js';
import { fontObjects } from './_font-objects.js';

/**
 * Writes the glyphs `face` drew as a Type0 font (object `type0`; Identity-H, CIDFontType2
 * with a CIDToGIDMap into a compact TrueType subset) and a ToUnicode map, so text is
 * embedded, small and copyable.
 */
export function writeCidFont(file: PdfFile, type0: number, face: FontFace): void {
  const font = face.font;
  const scale = 1000 / font.unitsPerEm;
  const em = (v: number): number => Math.round(v * scale);
  const { name, widths, program, cidToGid: gids, toUnicode: cmap } = fontObjects(face);
  const [cidFont, descriptor, fontFile, cidToGid, toUnicode] = [file.reserve(), file.reserve(), file.reserve(), file.reserve(), file.reserve()];

  file.object(type0, `<</Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R>>`);
  file.object(
    cidFont,
    `<</Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> ` +
      `/FontDescriptor ${descriptor} 0 R /DW 0 /W ${widths} /CIDToGIDMap ${cidToGid} 0 R>>`,
  );
  file.object(
    descriptor,
    `<</Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [${font.bbox.map(em).join(' ')}] /ItalicAngle 0 ` +
      `/Ascent ${em(font.ascent)} /Descent ${em(font.descent)} /CapHeight ${em(font.capHeight)} /StemV 80 /FontFile2 ${fontFile} 0 R>>`,
  );
  file.stream(fontFile, ` /Length1 ${program.length}`, (sink) => sink.raw(program), true);
  file.stream(cidToGid, '', (sink) => sink.raw(gids));
  // About 1 KB; not worth a zlib call per document.
  file.stream(toUnicode, '', (sink) => sink.raw(cmap));
}
