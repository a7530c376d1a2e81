import type { FontFace } from './font-face.js';
import type { PageContent } from './content.js';
import { writeCidFont } from './cid-font.js';
import type { LogoImage } from './logo-image.js';
import { PdfFile } from './_pdf-file.js';
import { pdfDate, pdfNumber, pdfText } from './_pdf-text.js';
import { metadataText } from './metadata-text.js';

/** Document information written into the PDF (texts through metadataText); dates come from the data, never the clock. */
export interface PdfMetadata {
  title: string;
  author: string;
  subject: string;
  language: string;
  date: Date;
}

/** A4 in points. */
const MEDIA_BOX = `[0 0 ${pdfNumber(595.28)} ${pdfNumber(841.89)}]`;
const PRODUCER = pdfText('svc-reporting invoice renderer');

/**
 * The whole PDF: catalog (with the language and "show the title"), page tree, pages with
 * their compressed content streams, one resource dictionary they share (the fonts they
 * used, the stamp's opacity, the logo), and the document information.
 */
export function writePdf(pages: PageContent[], faces: FontFace[], meta: PdfMetadata, extra: { image?: LogoImage; stampOpacity?: number }): Uint8Array {
  const file = new PdfFile();
  const catalog = file.reserve();
  const pageTree = file.reserve();
  const info = file.reserve();
  const resources = file.reserve();
  const leaves = pages.map(() => [file.reserve(), file.reserve()] as const);

  let fonts = '';
  for (const face of faces) {
    if (!face.glyphs.length) continue;
    const n = file.reserve();
    writeCidFont(file, n, face);
    fonts += `/${face.resourceName} ${n} 0 R `;
  }
  const logo = extra.image?.write(file);
  const opacity = extra.stampOpacity === undefined ? '' : pdfNumber(extra.stampOpacity);
  file.object(
    resources,
    `<</Font <<${fonts}>>` +
      (opacity ? ` /ExtGState <</GsStamp <</Type /ExtGState /ca ${opacity} /CA ${opacity}>>>>` : '') +
      (logo === undefined ? '' : ` /XObject <</Logo ${logo} 0 R>>`) +
      '>>',
  );

  pages.forEach((page, i) => {
    const [leaf, contents] = leaves[i]!;
    file.object(leaf, `<</Type /Page /Parent ${pageTree} 0 R /MediaBox ${MEDIA_BOX} /Contents ${contents} 0 R /Resources ${resources} 0 R>>`);
    file.stream(contents, ' /Filter /FlateDecode', (sink) => sink.raw(page.deflated()));
  });
  file.object(pageTree, `<</Type /Pages /Kids [${leaves.map(([leaf]) => `${leaf} 0 R`).join(' ')}] /Count ${pages.length}>>`);
  file.object(catalog, `<</Type /Catalog /Pages ${pageTree} 0 R /Lang ${pdfText(meta.language)} /ViewerPreferences <</DisplayDocTitle true>>>>`);
  const date = pdfDate(meta.date);
  file.object(
    info,
    `<</Title ${pdfText(metadataText(meta.title))} /Author ${pdfText(metadataText(meta.author))} /Subject ${pdfText(metadataText(meta.subject))} ` +
      `/Producer ${PRODUCER} /Creator ${PRODUCER} /CreationDate ${date} /ModDate ${date}>>`,
  );
  return file.finish(catalog, info);
}
