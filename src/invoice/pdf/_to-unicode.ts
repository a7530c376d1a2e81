import type { ByteSink } from './_byte-sink.js';

const HEAD = [
  '/CIDInit /ProcSet findresource begin',
  '12 dict begin',
  'begincmap',
  '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
  '/CMapName /Adobe-Identity-UCS def',
  '/CMapType 2 def',
  '1 begincodespacerange',
  '<0000> <FFFF>',
  'endcodespacerange',
  '',
].join('\n');
const TAIL = 'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend';

/** Appends a ToUnicode CMap mapping CID i+1 (2 bytes) to `texts[i]`, the text it was drawn for (UTF-16BE). */
export function writeToUnicodeCMap(sink: ByteSink, texts: readonly string[]): void {
  sink.ascii(HEAD);
  for (let i = 0; i < texts.length; i += 100) {
    const end = Math.min(texts.length, i + 100);
    sink.ascii(`${end - i} beginbfchar\n`);
    for (let k = i; k < end; k++) {
      const text = texts[k]!;
      sink.ascii('<');
      sink.hex4(k + 1);
      sink.ascii('> <');
      for (let u = 0; u < text.length; u++) sink.hex4(text.charCodeAt(u));
      sink.ascii('>\n');
    }
    sink.ascii('endbfchar\n');
  }
  sink.ascii(TAIL);
}
