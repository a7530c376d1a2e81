import type { TtfFont } from '../font/ttf-font.js';

const REPLACEMENT = 0xfffd;

/**
 * One font as used by one document: turns text into glyph ids (a character the font lacks
 * becomes the visible replacement glyph U+FFFD, or `?`), measures it with the cached advance
 * widths, and remembers every glyph drawn so the document embeds exactly those.
 */
export class FontFace {
  /** Glyph id → the text it stands for (for the ToUnicode map). */
  readonly used = new Map<number, string>();
  private readonly replacement: number;

  constructor(readonly font: TtfFont, readonly resourceName: string) {
    this.replacement = font.glyphId(REPLACEMENT) || font.glyphId(0x3f);
  }

  /** Glyph id for one codepoint, the replacement when the font has none. */
  glyphFor(codepoint: number): number {
    return this.font.glyphId(codepoint) || this.replacement;
  }

  /** Width of `text` at `size` points. */
  width(text: string, size: number): number {
    let units = 0;
    for (const ch of text) units += this.font.advance(this.glyphFor(ch.codePointAt(0)!));
    return (units * size) / this.font.unitsPerEm;
  }

  /** `text` as the hex string of 2-byte glyph ids that Identity-H draws; records the glyphs. */
  encode(text: string): string {
    let hex = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const own = this.font.glyphId(cp);
      const gid = own || this.replacement;
      if (!this.used.has(gid)) this.used.set(gid, own ? ch : String.fromCodePoint(REPLACEMENT));
      hex += HEX4[gid] ?? gid.toString(16).padStart(4, '0');
    }
    return hex;
  }
}

const HEX4: string[] = Array.from({ length: 65536 }, (_, i) => i.toString(16).padStart(4, '0'));
