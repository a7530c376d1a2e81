// Reads outputs back with readers not written here: pdfjs-dist for PDFs, SheetJS for workbooks.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as XLSX from 'xlsx';

/** The text of every page, pages joined by newlines, items by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    texts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: texts.join('\n') };
}

export function sheetNames(bytes: Uint8Array): string[] {
  return XLSX.read(bytes, { type: 'buffer' }).SheetNames;
}
