import { subsetFont } from '../font/subset.js';
import type { TtfFont } from '../font/ttf-font.js';
import { ByteSink } from './_byte-sink.js';
import type { FontFace } from './font-face.js';
import { writeToUnicodeCMap } from './_to-unicode.js';

/** What a face's font objects hold that follows from its glyphs alone (object numbers aside). */
export interface FontObjects {
  /** `/BaseFont`: the subset tag and the font's name. */
  name: string;
  /** `/W`. */
  widths: string;
  /** The subset's TrueType file, whole (written with one copy). */
  program: Buffer;
  /** `/CIDToGIDMap`'s bytes. */
  cidToGid: Uint8Array;
  /** The ToUnicode CMap's bytes. */
  toUnicode: Buffer;
}

/** Per font, the objects of the last glyph sequences written, most recently used last. */
const cache = new WeakMap<TtfFont, Map<string, FontObjects>>();
/** Sequences kept per font: a month end's invoices from one seller repeat a few (about 5 KB each). */
const MAX_ENTRIES = 32;
/** Longer sequences (a document in many scripts) are made each time, not kept. */
const MAX_GLYPHS = 512;

/** Six capital letters from the glyph set, so the subset tag is stable for the same text (no randomness). */
function subsetTag(glyphs: readonly number[], seed: string): string {
  let h = 0x811c9dc5;
  const mix = (n: number): void => {
    h = Math.imul(h ^ n, 0x01000193) >>> 0;
  };
  for (let i = 0; i < seed.length; i++) mix(seed.charCodeAt(i));
  for (const g of glyphs) mix(g);
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + Math.imul(i + 1, 0x9e3779b1 >>> 8);
  }
  return tag;
}

/** `/W`: CIDs 1..n are consecutive, so one run of widths in 1/1000 em. */
function widths(font: TtfFont, glyphs: readonly number[]): string {
  const scale = 1000 / font.unitsPerEm;
  let run = '';
  for (const g of glyphs) run += `${Math.round(font.advance(g) * scale)} `;
  return `[1 [${run}]]`;
}

/** The bytes `write` appends, as a Buffer of their own. */
function bytesOf(write: (sink: ByteSink) => void): Buffer {
  const sink = ByteSink.borrow();
  write(sink);
  const bytes = Buffer.from(sink.bytes());
  sink.release();
  return bytes;
}

function make(font: TtfFont, glyphs: readonly number[], texts: readonly string[]): FontObjects {
  const subset = subsetFont(font, glyphs);
  return {
    name: `${subsetTag(glyphs, font.postscriptName)}+${font.postscriptName}`,
    widths: widths(font, glyphs),
    program: bytesOf((sink) => subset.writeFile(sink)),
    cidToGid: subset.cidToGid,
    toUnicode: bytesOf((sink) => writeToUnicodeCMap(sink, texts)),
  };
}

/**
 * The subset, widths, name and ToUnicode map of the glyphs `face` drew, made once per process
 * for each sequence of glyphs and texts (CID i+1 draws glyphs[i] for texts[i]): invoices of one
 * seller in one language mostly draw the same characters in the same order. The key is that
 * sequence, all these bytes depend on besides the font; bounded, least recently used dropped.
 */
export function fontObjects(face: FontFace): FontObjects {
  const { font, glyphs, texts } = face;
  if (glyphs.length > MAX_GLYPHS) return make(font, glyphs, texts);
  let perFont = cache.get(font);
  if (!perFont) cache.set(font, (perFont = new Map()));
  const key = face.sequenceKey;
  let objects = perFont.get(key);
  if (objects) perFont.delete(key);
  else {
    objects = make(font, glyphs, texts);
    if (perFont.size >= MAX_ENTRIES) perFont.delete(perFont.keys().next().value!);
  }
  perFont.set(key, objects);
  return objects;
}
