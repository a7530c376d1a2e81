// The text of a PDF as a reader sees it, through pdfjs-dist (a reader not written here).
import { getDocument } from './_pdfjs.js';

/** The text items of every page, in content order. */
async function pageItems(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[][] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')));
  }
  await doc.destroy();
  return pages;
}

/** The text of every page, pages joined by newlines, items by spaces. */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pages = await pageItems(bytes);
  return { pages: pages.length, text: pages.map((items) => items.join(' ')).join('\n') };
}

/** Each page's text: its items that are not blank, joined by spaces. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  return (await pageItems(bytes)).map((items) => items.filter((t) => t.trim()).join(' '));
}
