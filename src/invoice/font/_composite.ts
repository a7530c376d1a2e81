const ARG_WORDS = 0x0001;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const HAS_XY_SCALE = 0x0040;
const HAS_2X2 = 0x0080;
const HAS_INSTRUCTIONS = 0x0100;

/** Byte offsets of the component glyph-id fields of a composite glyph; empty for a simple glyph. */
export function componentOffsets(glyph: Buffer): number[] {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return [];
  const offsets: number[] = [];
  let p = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(p);
    offsets.push(p + 2);
    p += 4 + (flags & ARG_WORDS ? 4 : 2);
    if (flags & HAS_SCALE) p += 2;
    else if (flags & HAS_XY_SCALE) p += 4;
    else if (flags & HAS_2X2) p += 8;
    if (!(flags & MORE_COMPONENTS)) return offsets;
  }
}

/**
 * The glyph without its TrueType hinting instructions (viewers scale outlines without them;
 * they are over half of DejaVu's glyph bytes). Returns a copy; the font stays untouched.
 */
export function stripInstructions(glyph: Buffer): Buffer {
  if (glyph.length < 10) return glyph;
  const contours = glyph.readInt16BE(0);
  if (contours >= 0) {
    const lenAt = 10 + 2 * contours;
    const len = glyph.readUInt16BE(lenAt);
    const out = Buffer.alloc(glyph.length - len);
    glyph.copy(out, 0, 0, lenAt);
    out.writeUInt16BE(0, lenAt);
    glyph.copy(out, lenAt + 2, lenAt + 2 + len);
    return out;
  }
  const offsets = componentOffsets(glyph);
  const lastFlagsAt = offsets[offsets.length - 1]! - 2;
  const lastFlags = glyph.readUInt16BE(lastFlagsAt);
  if (!(lastFlags & HAS_INSTRUCTIONS)) return Buffer.from(glyph);
  let end = lastFlagsAt + 4 + (lastFlags & ARG_WORDS ? 4 : 2);
  if (lastFlags & HAS_SCALE) end += 2;
  else if (lastFlags & HAS_XY_SCALE) end += 4;
  else if (lastFlags & HAS_2X2) end += 8;
  const out = Buffer.from(glyph.subarray(0, end));
  out.writeUInt16BE(lastFlags & ~HAS_INSTRUCTIONS, lastFlagsAt);
  return out;
}
