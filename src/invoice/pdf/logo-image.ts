import type { PDFObject, PDFRef as PdfRef } from 'pdf-lib';
import type { PdfFile } from './_pdf-file.js';
import { readLogoHeader } from './_logo-header.js';

/** A logo decoded once: its pixel size and how to write its image objects into a file. */
export interface LogoImage {
  width: number;
  height: number;
  /** Writes the image XObject (and its soft mask); returns the XObject's object number. */
  write(file: PdfFile): number;
}

/** One object of the image as pdf-lib built it: a dictionary with stream bytes, or a plain value. */
interface ImageObject {
  number: number;
  value: PDFObject;
  contents?: Uint8Array;
}

/** The last logo decoded, kept with a copy of its bytes: a month-end run uses one logo for every invoice. */
let last: { bytes: Uint8Array; image: Promise<LogoImage> } | undefined;

/**
 * A PNG or JPEG as a PDF image. pdf-lib decodes it (PNG to RGB plus an alpha soft mask,
 * JPEG as DCT data); it is loaded only when a document has a logo. The result of the last
 * logo is reused when the same bytes come again. @throws when the bytes are not a readable image,
 * or one of more than MAX_LOGO_PIXELS (checked from its header, before decoding).
 */
export function embedLogo(bytes: Uint8Array): Promise<LogoImage> {
  if (last && Buffer.compare(last.bytes, bytes) === 0) return last.image;
  const image = decode(bytes);
  last = { bytes: Uint8Array.from(bytes), image };
  image.catch(() => (last = undefined));
  return image;
}

async function decode(bytes: Uint8Array): Promise<LogoImage> {
  const { PDFDocument, PDFDict, PDFArray, PDFRef, PDFRawStream, PDFName } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const header = readLogoHeader(bytes);
  if ('refused' in header) throw new Error(header.refused);
  const image = header.format === 'png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  await image.embed();

  // The objects reachable from the image, in a fixed order.
  const objects: ImageObject[] = [];
  const visit = (ref: PdfRef): void => {
    if (objects.some((o) => o.number === ref.objectNumber)) return;
    const value = doc.context.lookup(ref)!;
    const entry: ImageObject = { number: ref.objectNumber, value: value instanceof PDFRawStream ? value.dict : value };
    if (value instanceof PDFRawStream) entry.contents = value.getContents();
    objects.push(entry);
    const refsIn = (v: PDFObject): void => {
      if (v instanceof PDFRef) visit(v);
      else if (v instanceof PDFDict) for (const [, x] of v.entries()) refsIn(x);
      else if (v instanceof PDFArray) for (const x of v.asArray()) refsIn(x);
    };
    refsIn(entry.value);
  };
  visit(image.ref);

  const length = PDFName.of('Length');
  const syntax = (v: PDFObject, numbers: Map<number, number>): string => {
    if (v instanceof PDFRef) return `${numbers.get(v.objectNumber)} 0 R`;
    if (v instanceof PDFDict) {
      let s = '<<';
      for (const [key, x] of v.entries()) if (key !== length) s += `${key.toString()} ${syntax(x, numbers)} `;
      return `${s}>>`;
    }
    if (v instanceof PDFArray) return `[${v.asArray().map((x) => syntax(x, numbers)).join(' ')}]`;
    return v.toString();
  };
  return {
    width: image.width,
    height: image.height,
    write(file) {
      const numbers = new Map(objects.map((o) => [o.number, file.reserve()]));
      for (const o of objects) {
        const n = numbers.get(o.number)!;
        if (o.contents) {
          const contents = o.contents;
          file.stream(n, ` ${syntax(o.value, numbers).slice(2, -2)}`, (sink) => sink.raw(contents));
        } else file.object(n, syntax(o.value, numbers));
      }
      return numbers.get(image.ref.objectNumber)!;
    },
  };
}
