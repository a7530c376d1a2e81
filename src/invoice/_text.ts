import type { FontFace } from './pdf/font-face.js';

// eslint-disable-next-line no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]| {2}|^\s|\s$/;
/** Controls and bidi overrides that must not act on the page: ESC, BEL, NUL, U+202E (RLO), … */
// eslint-disable-next-line no-control-regex
const INVISIBLE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The replacement character: what a reader sees where a control character was. */
export const REPLACEMENT = '\ufffd';

/**
 * API text is data: line breaks and tabs become spaces and runs collapse; any other control or
 * bidi-override character is replaced by a visible U+FFFD, so nothing in a name can hide, reorder
 * or disguise the text around it (a reversed "U+202E gpj.exe" shows as "�gpj.exe").
 */
export function clean(text: string): string {
  // Most texts are clean already: one test instead of three replacements and a trim.
  if (!NEEDS_CLEANING.test(text)) return text;
  return text
    .replace(INVISIBLE_CONTROL, REPLACEMENT)
    .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const NBSP = '\u00a0';
const GLUE = /([A-Z]{3}|kr\.|\d) (?=[-+]?\d)|(\d) (?=[A-Z]{3}\b|kr\b|%|[à@]\s)|([à@]) (?=[-+]?\d)/g;

/**
 * The spaces inside amounts and rates made non-breaking, so a line never ends in the middle of
 * one: `USD 987,65`, `987,65 DKK`, `1 234,56`, `25 %`, `à 6,9034`. Runs before wrapping.
 */
export function glue(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(GLUE, (_m, a?: string, b?: string, c?: string) => (a ?? b ?? c ?? '') + NBSP);
}

/**
 * Splits `text` into lines no wider than `width`, at spaces only (amounts are glued first);
 * a word wider than a line is broken by characters. A last line of one word takes the word
 * before it along when that fits, so no line holds a lone last word.
 */
export function wrap(face: FontFace, size: number, text: string, width: number): string[] {
  const plain = clean(text);
  // Most texts fit on one line: no break to prevent, so no gluing either.
  if (face.width(plain, size) <= width) return [plain];
  const cleaned = glue(plain);
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
  return avoidWidow(face, size, lines, width);
}

/** Moves the second-last line's last word down when the last line is a single word and both still fit. */
function avoidWidow(face: FontFace, size: number, lines: string[], width: number): string[] {
  const n = lines.length;
  // A glued amount (`USD 987,65 à 6,9034`) is several words already.
  if (n < 2 || /[ \u00a0]/.test(lines[n - 1]!)) return lines;
  const before = lines[n - 2]!;
  const cut = before.lastIndexOf(' ');
  if (cut <= 0) return lines;
  const last = `${before.slice(cut + 1)} ${lines[n - 1]}`;
  if (face.width(last, size) > width) return lines;
  return [...lines.slice(0, n - 2), before.slice(0, cut), last];
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
