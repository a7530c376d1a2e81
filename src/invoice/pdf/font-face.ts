import type { TtfFont } from '../font/ttf-font.js';
import type { ByteSink } from './_byte-sink.js';

const REPLACEMENT = 0xfffd;
/** CIDs are two bytes; past this many distinct characters, more become the replacement. */
const MAX_CID = 65534;

/**
 * One font as used by one document: turns text into character ids (a character the font
 * lacks becomes the visible replacement glyph U+FFFD, or `?`, and is listed in `lacking`: the
 * invoice renderer refuses such text rather than print it), measures it with the cached
 * advance widths, and numbers the glyphs in first-use order (CID 1, 2, ...) so the embedded
 * subset holds exactly the glyphs drawn, compactly. Same text, same numbering: deterministic.
 */
export class FontFace {
  /** Original glyph id of CID i+1. */
  readonly glyphs: number[] = [];
  /** Text of CID i+1 (for the ToUnicode map). */
  readonly texts: string[] = [];
  /** The characters drawn that the font has no glyph for (drawn as the replacement), in first-use order: a caller that must not print them checks it. */
  readonly lacking: number[] = [];
  /** `glyphs` as one character each, then `texts` joined: the sequence the font objects are made from, as a key (see _font-objects.ts). */
  private glyphKey = '';
  private textKey = '';
  /** CIDs of the characters beyond Latin-1. */
  private readonly cids = new Map<number, number>();
  /** CIDs of Latin-1 characters (0 = not yet numbered): most text, without a map. */
  private readonly latin1 = new Uint16Array(256);
  private readonly replacement: number;

  /** Advance width of each BMP character as drawn (the replacement's where the font has none); -1: not looked up yet. */
  private readonly advances: Int32Array;

  constructor(readonly font: TtfFont, readonly resourceName: string) {
    this.replacement = font.glyphId(REPLACEMENT) || font.glyphId(0x3f);
    this.advances = bmpAdvances(font);
  }

  /** The glyphs drawn and their texts, in CID order, as one string: equal strings, equal sequences. */
  get sequenceKey(): string {
    return `${this.glyphKey}\u0000${this.textKey}`;
  }

  /** Glyph id for one codepoint, the replacement when the font has none. */
  glyphFor(codepoint: number): number {
    return this.font.glyphId(codepoint) || this.replacement;
  }

  /** Width of `text` at `size` points. */
  width(text: string, size: number): number {
    const advances = this.advances;
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0xd800 || c > 0xdfff) {
        const known = advances[c]!;
        units += known >= 0 ? known : (advances[c] = this.font.advance(this.glyphFor(c)));
        continue;
      }
      const cp = codePointAt(text, i);
      if (cp > 0xffff) i++;
      units += this.font.advance(this.glyphFor(cp));
    }
    return (units * size) / this.font.unitsPerEm;
  }

  /** Appends `text` as 2-byte CIDs for Identity-H, inside a literal string `(…)`; records new glyphs. */
  encodeInto(text: string, sink: ByteSink): void {
    for (let i = 0; i < text.length; i++) {
      const cp = codePointAt(text, i);
      if (cp > 0xffff) i++;
      sink.stringUint16(this.cidFor(cp));
    }
  }

  private cidFor(cp: number): number {
    if (cp < 256) {
      const known = this.latin1[cp]!;
      if (known !== 0) return known;
    } else {
      const known = this.cids.get(cp);
      if (known !== undefined) return known;
    }
    if (this.glyphs.length >= MAX_CID) return this.cidFor(REPLACEMENT);
    const own = this.font.glyphId(cp);
    if (!own) this.lacking.push(cp);
    const glyph = own || this.replacement;
    const text = String.fromCodePoint(own ? cp : REPLACEMENT);
    this.glyphs.push(glyph);
    this.texts.push(text);
    this.glyphKey += String.fromCharCode(glyph);
    this.textKey += text;
    const cid = this.glyphs.length;
    if (cp < 256) this.latin1[cp] = cid;
    else this.cids.set(cp, cid);
    return cid;
  }
}

const advancesPerFont = new WeakMap<TtfFont, Int32Array>();

/**
 * Per font and process, each BMP character's advance as measured (filled in as characters are
 * first measured; 256 KB). The replacement glyph is the font's own, so one table serves every face of it.
 */
function bmpAdvances(font: TtfFont): Int32Array {
  let table = advancesPerFont.get(font);
  if (!table) advancesPerFont.set(font, (table = new Int32Array(0x10000).fill(-1)));
  return table;
}

/** The codepoint at UTF-16 index `i` (a surrogate pair read whole; a lone surrogate as itself). No iterator objects. */
function codePointAt(text: string, i: number): number {
  const hi = text.charCodeAt(i);
  if (hi >= 0xd800 && hi <= 0xdbff && i + 1 < text.length) {
    const lo = text.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return (hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
  }
  return hi;
}
