import type { FontFace } from './pdf/font-face.js';

const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]| {2}|^\s|\s$/;

/** API text is data: control characters (newlines, tabs, escapes) become spaces, runs collapse. */
export function clean(text: string): string {
  // Most texts are clean already: one test instead of two replacements and a trim.
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Splits `text` into lines no wider than `width`; a word wider than a line is broken by characters. */
export function wrap(face: FontFace, size: number, text: string, width: number): string[] {
  const cleaned = clean(text);
  if (face.width(cleaned, size) <= width) return [cleaned];
  const space = face.width(' ', size);
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of cleaned.split(' ')) {
    const w = face.width(word, size);
    if (line && lineWidth + space + w <= width) {
      line += ' ' + word;
      lineWidth += space + w;
      continue;
    }
    if (line) lines.push(line);
    if (w <= width) {
      line = word;
      lineWidth = w;
      continue;
    }
    line = '';
    lineWidth = 0;
    for (const ch of word) {
      const cw = face.width(ch, size);
      if (line && lineWidth + cw > width) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += ch;
      lineWidth += cw;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** The largest size ≤ `size` (down to `min`) at which `text` fits `width`. */
export function fitSize(face: FontFace, size: number, text: string, width: number, min = 4): number {
  const w = face.width(text, size);
  if (w <= width) return size;
  return Math.max(min, Math.floor(((size * width) / w) * 10) / 10);
}

/** `text` cut with an ellipsis so it fits `width` on one line. */
export function ellipsize(face: FontFace, size: number, text: string, width: number): string {
  if (face.width(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length && face.width(chars.join('') + '…', size) > width) chars.pop();
  return chars.join('') + '…';
}
