/** UTF-16BE hex of a string, as a ToUnicode CMap writes destination text. */
function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

/** A ToUnicode CMap mapping CID i+1 (2 bytes) to `texts[i]`, the text it was drawn for. */
export function toUnicodeCMap(texts: readonly string[]): Buffer {
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
  ];
  for (let i = 0; i < texts.length; i += 100) {
    const chunk = texts.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    chunk.forEach((text, k) => lines.push(`<${(i + k + 1).toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`));
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return Buffer.from(lines.join('\n'), 'latin1');
}
