import type { ByteSink } from './_byte-sink.js';

/** What the XMP packet states; each field is the same text as the Info dictionary's entry. */
export interface XmpFields {
  title: string;
  author: string;
  subject: string;
  producer: string;
  creatorTool: string;
  language: string;
  /** `YYYY-MM-DDThh:mm:ssZ`, the same instant as the Info dictionary's dates. */
  date: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function xml(text: string): string {
  return /[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!) : text;
}

/** An ISO 8601 instant in UTC with a bare `Z` (the Info dictionary writes the same instant as `D:…Z`). */
export function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The packet's text with `field(name)` where each field goes. */
function packet(field: (name: keyof XmpFields) => string): string {
  return (
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n' +
    '<rdf:Description rdf:about=""\n' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"\n' +
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n' +
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"\n' +
    ' xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">\n' +
    '<dc:format>application/pdf</dc:format>\n' +
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${field('title')}</rdf:li></rdf:Alt></dc:title>\n` +
    `<dc:creator><rdf:Seq><rdf:li>${field('author')}</rdf:li></rdf:Seq></dc:creator>\n` +
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${field('subject')}</rdf:li></rdf:Alt></dc:description>\n` +
    `<dc:language><rdf:Bag><rdf:li>${field('language')}</rdf:li></rdf:Bag></dc:language>\n` +
    `<xmp:CreatorTool>${field('creatorTool')}</xmp:CreatorTool>\n` +
    `<xmp:CreateDate>${field('date')}</xmp:CreateDate>\n` +
    `<xmp:ModifyDate>${field('date')}</xmp:ModifyDate>\n` +
    `<xmp:MetadataDate>${field('date')}</xmp:MetadataDate>\n` +
    `<pdf:Producer>${field('producer')}</pdf:Producer>\n` +
    '<pdfaid:part>3</pdfaid:part>\n' +
    '<pdfaid:conformance>B</pdfaid:conformance>\n' +
    '</rdf:Description>\n' +
    '</rdf:RDF>\n' +
    '</x:xmpmeta>\n' +
    '<?xpacket end="r"?>'
  );
}

/** The packet's fixed text as UTF-8 bytes between the fields, and the fields in order: made once per process. */
let template: { texts: Buffer[]; fields: Array<keyof XmpFields> } | undefined;

function compiled(): { texts: Buffer[]; fields: Array<keyof XmpFields> } {
  if (template) return template;
  const pieces = packet((name) => `\u0000${name}\u0000`).split('\u0000');
  template = {
    texts: pieces.filter((_, i) => i % 2 === 0).map((text) => Buffer.from(text, 'utf8')),
    fields: pieces.filter((_, i) => i % 2 === 1) as Array<keyof XmpFields>,
  };
  return template;
}

/**
 * Writes the document's XMP metadata packet (ISO 16684-1) as PDF/A-3 asks for it: Dublin Core
 * title, creator and description, the XMP and PDF schema's tool and dates, and `pdfaid` part 3,
 * conformance B. Only standard schemas, so no extension schema is needed. The text must
 * already be valid XML character data (see metadataText, which the Info dictionary's text
 * goes through too); it is escaped here. The fixed text is encoded once per process: encoding
 * the whole packet per document took longer than writing the rest of the metadata.
 */
export function writeXmpPacket(sink: ByteSink, f: XmpFields): void {
  const { texts, fields } = compiled();
  for (let i = 0; i < fields.length; i++) {
    sink.raw(texts[i]!);
    sink.utf8(xml(f[fields[i]!]));
  }
  sink.raw(texts[fields.length]!);
}
