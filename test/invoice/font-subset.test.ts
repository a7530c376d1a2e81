import { describe, expect, it } from 'vitest';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { renderInvoicePdf } from '../../src/invoice/index.js';
import { sample, variant } from './_samples.js';

/** The embedded FontFile2 programs and their CIDToGIDMaps, found by walking the PDF (pdf-lib's parser). */
async function embeddedFonts(bytes: Uint8Array): Promise<Array<{ name: string; file: Uint8Array; cidToGid: Uint8Array }>> {
  const doc = await PDFDocument.load(bytes);
  const out: Array<{ name: string; file: Uint8Array; cidToGid: Uint8Array }> = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) continue;
    const descriptor = doc.context.lookup(obj.get(PDFName.of('FontDescriptor')), PDFDict);
    const file = doc.context.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream;
    const map = doc.context.lookup(obj.get(PDFName.of('CIDToGIDMap'))) as PDFRawStream;
    out.push({ name: String(obj.get(PDFName.of('BaseFont'))), file: file.getContents(), cidToGid: map.getContents() });
  }
  return out;
}

function wholeFileChecksum(b: Uint8Array): number {
  let sum = 0;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i + 3 < b.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

describe('embedded font subsets', () => {
  it('are valid TrueType files that fontkit reads, with an outline for every character drawn', async () => {
    const invoice = variant('nordlys-2026-10.json', (j) => {
      j.buyer.legal_name = 'Łódź Владимир Ελληνικά Åæøé';
    });
    const fonts = await embeddedFonts(await renderInvoicePdf(invoice));
    // Subset tags (six capitals) come from the glyphs drawn, so sort by the face's name after the tag.
    for (const f of fonts) expect(f.name).toMatch(/^\/[A-Z]{6}\+DejaVuSans(-Bold)?$/);
    expect(fonts.map((f) => f.name.slice(8)).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    for (const { file, cidToGid } of fonts) {
      expect(wholeFileChecksum(file)).toBe(0xb1b0afba);
      const font = fontkit.create(Buffer.from(file)) as unknown as { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] }; advanceWidth: number } };
      const gids = [];
      for (let i = 2; i < cidToGid.length; i += 2) gids.push((cidToGid[i]! << 8) | cidToGid[i + 1]!);
      expect(Math.max(...gids)).toBeLessThan(font.numGlyphs);
      expect(new Set(gids).size).toBe(gids.length);
      const blank = gids.filter((g) => font.getGlyph(g).path.commands.length === 0);
      expect(blank.length).toBeLessThanOrEqual(2); // the space and the no-break space inside amounts
      for (const g of gids) expect(font.getGlyph(g).advanceWidth).toBeGreaterThan(0);
    }
  });

  it('hold only what a document draws: a small subset per face', async () => {
    const fonts = await embeddedFonts(await renderInvoicePdf(sample('nordlys-2026-10.json')));
    for (const { file } of fonts) expect(file.length).toBeLessThan(16_000);
  });
});
