import type { TtfFont } from './ttf-font.js';

/** Glyph id → new id for one subset, without a Map or Set per document. */
export interface GlyphNumbering {
  /** Marks `glyph` as taken; false when it already was. */
  add(glyph: number): boolean;
  set(glyph: number, id: number): void;
  get(glyph: number): number;
  /** Forgets every glyph (a new generation; nothing is zeroed). */
  clear(): void;
}

const perFont = new WeakMap<TtfFont, GlyphNumbering>();

/**
 * One reusable numbering per font and process: arrays as long as the font's glyph count,
 * with a generation stamp so that clearing is one increment. Subsets are written one at a
 * time (rendering is synchronous from the subset to the file), so sharing it is safe.
 */
export function glyphNumbering(font: TtfFont): GlyphNumbering {
  let numbering = perFont.get(font);
  if (!numbering) perFont.set(font, (numbering = create(font.numGlyphs)));
  return numbering;
}

function create(size: number): GlyphNumbering {
  const stamp = new Uint32Array(size);
  const ids = new Uint16Array(size);
  let generation = 1;
  return {
    add(glyph) {
      if (stamp[glyph] === generation) return false;
      stamp[glyph] = generation;
      return true;
    },
    set(glyph, id) {
      stamp[glyph] = generation;
      ids[glyph] = id;
    },
    get(glyph) {
      return stamp[glyph] === generation ? ids[glyph]! : 0;
    },
    clear() {
      generation = generation === 0xffffffff ? 1 : generation + 1;
      if (generation === 1) stamp.fill(0);
    },
  };
}
