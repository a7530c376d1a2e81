import { createHash } from 'node:crypto';
import { deflate } from './_deflate.js';
import type { PdfFile } from './_pdf-file.js';
import { pdfDate, pdfText } from './_pdf-text.js';
import { SRGB_ICC_BASE64 } from './_srgb-icc.js';
import { writeXmpPacket, type XmpFields } from './_xmp.js';

/** A file carried inside the PDF as a PDF/A-3 associated file. */
export interface PdfAttachment {
  /** File name a reader shows and saves under, e.g. `invoice-2026-0142.xml`. */
  name: string;
  bytes: Uint8Array;
  /** MIME type, e.g. `application/xml`. */
  mimeType: string;
  description: string;
  /** Its modification date (from the data, never the clock). */
  modDate: Date;
  /** How it relates to the document (ISO 32000-2 / PDF/A-3 `AFRelationship`). */
  relationship: 'Alternative' | 'Data' | 'Source' | 'Supplement';
}

/** The profile deflated once per process: the same bytes in every document. */
let iccDeflated: Buffer | undefined;

/**
 * Writes the sRGB ICC profile and returns the catalog's `/OutputIntents` value. The page
 * content paints in DeviceRGB (and the initial DeviceGray), which PDF/A allows only under an
 * RGB output intent (ISO 19005-2/-3, 6.2.4.3).
 */
export function writeOutputIntent(file: PdfFile): string {
  iccDeflated ??= deflate(Buffer.from(SRGB_ICC_BASE64, 'base64'));
  const icc = iccDeflated;
  const n = file.reserve();
  file.stream(n, ' /N 3 /Alternate /DeviceRGB /Filter /FlateDecode', (sink) => sink.raw(icc), true);
  return (
    '[<</Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) ' +
    `/RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) /DestOutputProfile ${n} 0 R>>]`
  );
}

/** Writes the XMP packet as an uncompressed metadata stream (PDF/A forbids a filter on it); returns its number. */
export function writeMetadata(file: PdfFile, fields: XmpFields): number {
  const n = file.reserve();
  file.stream(n, ' /Type /Metadata /Subtype /XML', (sink) => writeXmpPacket(sink, fields));
  return n;
}

/** A PDF name for a MIME type: `/` and other delimiters as `#xx` (`application#2Fxml`). */
function pdfName(text: string): string {
  return text.replace(/[^A-Za-z0-9.+-]/g, (c) => `#${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * Writes `att` as an embedded file stream (compressed, with its size, MD5 checksum and
 * modification date) and its file specification with `/F`, `/UF` and `/AFRelationship`, as
 * PDF/A-3 (ISO 19005-3, 6.8) asks; returns the file specification's number, to be listed
 * in the catalog's `/AF` and `/Names /EmbeddedFiles`.
 */
export function writeAttachment(file: PdfFile, att: PdfAttachment): number {
  const spec = file.reserve();
  const stream = file.reserve();
  const checksum = createHash('md5').update(att.bytes).digest('hex');
  const packed = deflate(att.bytes);
  file.stream(
    stream,
    ` /Type /EmbeddedFile /Subtype /${pdfName(att.mimeType)} /Filter /FlateDecode ` +
      `/Params <</Size ${att.bytes.length} /ModDate ${pdfDate(att.modDate)} /CheckSum <${checksum}>>>`,
    (sink) => sink.raw(packed),
  );
  // /F is a byte string: the name in ASCII; /UF carries it exactly (a text string).
  const ascii = att.name.replace(/[^\x20-\x7e]/g, '_').replace(/[()\\]/g, '_');
  file.object(
    spec,
    `<</Type /Filespec /F (${ascii}) /UF ${pdfText(att.name)} /Desc ${pdfText(att.description)} ` +
      `/AFRelationship /${att.relationship} /EF <</F ${stream} 0 R /UF ${stream} 0 R>>>>`,
  );
  return spec;
}
