// The text of a PDF as a reader sees it, through pdfjs-dist (a reader not written here).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

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
