import type { TtfFont } from '../font/ttf-font.js';
import type { ByteSink } from './_byte-sink.js';

const REPLACEMENT = 0xfffd;
/** CIDs are two bytes; past this many distinct characters, more become the replacement. */
const MAX_CID = 65534;

/**
 * One font as used by one document: turns text into character ids (a character the font
 * lacks becomes the visible replacement glyph U+FFFD, or `?`), measures it with the cached
 * advance widths, and numbers the glyphs in first-use order (CID 1, 2, ...) so the embedded
 * subset holds exactly the glyphs drawn, compactly. Same text, same numbering: deterministic.
 */
export class FontFace {
  /** Original glyph id of CID i+1. */
  readonly glyphs: number[] = [];
  /** Text of CID i+1 (for the ToUnicode map). */
  readonly texts: string[] = [];
  private readonly cids = new Map<number, number>();
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

  /** Appends `text` as 2-byte CIDs (hex digits) for Identity-H; records new glyphs. */
  encodeInto(text: string, sink: ByteSink): void {
    for (const ch of text) sink.hex4(this.cidFor(ch));
  }

  private cidFor(ch: string): number {
    const cp = ch.codePointAt(0)!;
    let cid = this.cids.get(cp);
    if (cid !== undefined) return cid;
    if (this.glyphs.length >= MAX_CID) return this.cidFor(String.fromCodePoint(REPLACEMENT));
    const own = this.font.glyphId(cp);
    this.glyphs.push(own || this.replacement);
    this.texts.push(own ? ch : String.fromCodePoint(REPLACEMENT));
    cid = this.glyphs.length;
    this.cids.set(cp, cid);
    return cid;
  }
}
