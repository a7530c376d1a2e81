import type { FontFace } from './font-face.js';
import type { PageContent } from './content.js';
import { writeCidFont } from './cid-font.js';
import type { LogoImage } from './logo-image.js';
import { PdfFile } from './_pdf-file.js';
import { pdfDate, pdfNumber, pdfText } from './_pdf-text.js';
import { writeAttachment, writeMetadata, writeOutputIntent, type PdfAttachment } from './_pdfa.js';
import { xmpDate } from './_xmp.js';
import { metadataText } from './metadata-text.js';

export type { PdfAttachment } from './_pdfa.js';

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
const PRODUCER = 'svc-reporting invoice renderer';

/**
 * The whole PDF, as PDF/A-3b (ISO 19005-3): catalog (with the language, "show the title", the
 * XMP metadata, the sRGB output intent and any associated file), page tree, pages with their
 * compressed content streams (an underlay first, where given: the VOID stamp), one resource
 * dictionary they share (the fonts they used, the logo), the document information (the same text as the XMP) and a
 * document ID derived from the file's bytes (the same input gives the same file).
 */
export function writePdf(
  pages: PageContent[],
  faces: FontFace[],
  meta: PdfMetadata,
  extra: { image?: LogoImage; underlays?: PageContent[]; attachment?: PdfAttachment },
): Uint8Array {
  const file = new PdfFile();
  const catalog = file.reserve();
  const pageTree = file.reserve();
  const info = file.reserve();
  const resources = file.reserve();
  const leaves = pages.map(() => [file.reserve(), file.reserve()] as const);
  const underlays = extra.underlays?.map(() => file.reserve());

  let fonts = '';
  for (const face of faces) {
    if (!face.glyphs.length) continue;
    const n = file.reserve();
    writeCidFont(file, n, face);
    fonts += `/${face.resourceName} ${n} 0 R `;
  }
  const logo = extra.image?.write(file);
  file.object(resources, `<</Font <<${fonts}>>` + (logo === undefined ? '' : ` /XObject <</Logo ${logo} 0 R>>`) + '>>');

  pages.forEach((page, i) => {
    const [leaf, contents] = leaves[i]!;
    const under = underlays?.[i];
    const streams = under === undefined ? `${contents} 0 R` : `[${under} 0 R ${contents} 0 R]`;
    file.object(leaf, `<</Type /Page /Parent ${pageTree} 0 R /MediaBox ${MEDIA_BOX} /Contents ${streams} /Resources ${resources} 0 R>>`);
    if (under !== undefined) file.stream(under, ' /Filter /FlateDecode', (sink) => sink.raw(extra.underlays![i]!.deflated()));
    file.stream(contents, ' /Filter /FlateDecode', (sink) => sink.raw(page.deflated()));
  });
  file.object(pageTree, `<</Type /Pages /Kids [${leaves.map(([leaf]) => `${leaf} 0 R`).join(' ')}] /Count ${pages.length}>>`);

  const title = metadataText(meta.title);
  const author = metadataText(meta.author);
  const subject = metadataText(meta.subject);
  const language = metadataText(meta.language);
  const metadata = writeMetadata(file, { title, author, subject, language, producer: PRODUCER, creatorTool: PRODUCER, date: xmpDate(meta.date) });
  const outputIntents = writeOutputIntent(file);
  let associated = '';
  if (extra.attachment) {
    const spec = writeAttachment(file, extra.attachment);
    associated = ` /AF [${spec} 0 R] /Names <</EmbeddedFiles <</Names [${pdfText(extra.attachment.name)} ${spec} 0 R]>>>> /PageMode /UseAttachments`;
  }
  file.object(
    catalog,
    `<</Type /Catalog /Pages ${pageTree} 0 R /Lang ${pdfText(language)} /ViewerPreferences <</DisplayDocTitle true>> ` +
      `/Metadata ${metadata} 0 R /OutputIntents ${outputIntents}${associated}>>`,
  );
  const date = pdfDate(meta.date);
  const producer = pdfText(PRODUCER);
  file.object(
    info,
    `<</Title ${pdfText(title)} /Author ${pdfText(author)} /Subject ${pdfText(subject)} ` +
      `/Producer ${producer} /Creator ${producer} /CreationDate ${date} /ModDate ${date}>>`,
  );
  return file.finish(catalog, info);
}
