// Reads our PDFs back with pdfjs-dist (a reader not written here): text items with positions, lines, metadata.
import { getDocument } from '../_pdfjs.js';

export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Rotated text (the VOID stamp). */
  rotated: boolean;
}

export interface PdfPage {
  width: number;
  height: number;
  items: TextItem[];
  /** Text lines top to bottom: items of (nearly) the same baseline joined left to right. */
  lines: string[];
  images: number;
}

export interface ReadPdf {
  pages: PdfPage[];
  info: Record<string, unknown>;
}

function toLines(items: TextItem[]): string[] {
  const flat = items.filter((i) => !i.rotated && i.str.trim() !== '');
  const rows: TextItem[][] = [];
  for (const item of [...flat].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.find((r) => Math.abs(r[0]!.y - item.y) < 2);
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows.map((r) => r.sort((a, b) => a.x - b.x).map((i) => i.str).join(' '));
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: PdfPage[] = [];
  const { OPS } = await import('../_pdfjs.js');
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const items: TextItem[] = [];
    for (const i of content.items) {
      if (!('str' in i)) continue;
      const [a, b, , , e, f] = i.transform as number[];
      items.push({ str: i.str, x: e!, y: f!, width: i.width, height: i.height, rotated: Math.abs(b!) > 0.01 || a! < 0 });
    }
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
    pages.push({ width, height, items, lines: toLines(items), images });
  }
  const meta = await doc.getMetadata();
  await doc.destroy();
  return { pages, info: meta.info as Record<string, unknown> };
}

export const pageText = (page: PdfPage): string => page.lines.join('\n');
export const allText = (pdf: ReadPdf): string => pdf.pages.map(pageText).join('\n');
