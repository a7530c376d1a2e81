import { PDFDocument, PDFName, type PDFImage } from 'pdf-lib';
import { writeCidFont } from './cid-font.js';
import type { FontFace } from './font-face.js';
import type { PageContent } from './content.js';

/** Document information written into the PDF; dates come from the data, never the clock. */
export interface PdfMetadata {
  title: string;
  author: string;
  subject: string;
  language: string;
  date: Date;
}

const PRODUCER = 'svc-reporting invoice renderer';

/** A PDF being assembled: pdf-lib's object model, our own fonts and content streams. */
export class PdfWriter {
  private constructor(readonly doc: PDFDocument) {}

  static async create(): Promise<PdfWriter> {
    return new PdfWriter(await PDFDocument.create({ updateMetadata: false }));
  }

  /** Embeds a PNG or JPEG (sniffed from its first bytes); throws when it is neither. */
  async embedImage(bytes: Uint8Array): Promise<PDFImage> {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return this.doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return this.doc.embedJpg(bytes);
    throw new Error('not a PNG or JPEG image');
  }

  /** Writes the pages (A4), the fonts they used and the metadata; returns the file bytes. */
  async finish(pages: PageContent[], faces: FontFace[], meta: PdfMetadata, extra: { image?: PDFImage; stampOpacity?: number }): Promise<Uint8Array> {
    const { doc } = this;
    const context = doc.context;
    const fonts: Record<string, unknown> = {};
    for (const face of faces) if (face.glyphs.length) fonts[face.resourceName] = writeCidFont(context, face);
    const resources = context.obj({
      Font: context.obj(fonts as never),
      ...(extra.stampOpacity !== undefined ? { ExtGState: { GsStamp: { Type: 'ExtGState', ca: extra.stampOpacity, CA: extra.stampOpacity } } } : {}),
      ...(extra.image ? { XObject: { Logo: extra.image.ref } } : {}),
    });
    const resourcesRef = context.register(resources);
    for (const page of pages) {
      const leaf = doc.addPage([595.28, 841.89]);
      const stream = context.stream(page.deflated(), { Filter: 'FlateDecode' });
      leaf.node.set(PDFName.of('Contents'), context.register(stream));
      leaf.node.set(PDFName.of('Resources'), resourcesRef);
    }
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setAuthor(meta.author);
    doc.setSubject(meta.subject);
    doc.setLanguage(meta.language);
    doc.setProducer(PRODUCER);
    doc.setCreator(PRODUCER);
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);
    return doc.save({ useObjectStreams: false, updateFieldAppearances: false, objectsPerTick: Number.POSITIVE_INFINITY });
  }
}
