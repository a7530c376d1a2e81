/** Component glyph ids of a composite glyph (`numberOfContours < 0`); empty for a simple glyph. */
export function componentGlyphIds(glyph: Buffer): number[] {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return [];
  const ids: number[] = [];
  let p = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(p);
    ids.push(glyph.readUInt16BE(p + 2));
    p += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) p += 2;
    else if (flags & 0x0040) p += 4;
    else if (flags & 0x0080) p += 8;
    if (!(flags & 0x0020)) return ids;
  }
}
