import type { FontFace } from './pdf/font-face.js';
import { visibleText } from '../core/index.js';

/**
 * API text is data: the one rule for invisible characters (core/invisible-text.ts: removed, line
 * breaks a space; the records have it already, other text gets it here), so the page shows the
 * invoice number the XML, the workbook and the pages show; then runs of spaces collapse and the
 * ends are trimmed, as a line of a printed page wants.
 */
export function clean(text: string): string {
  // Most texts are clean already: one test instead of two replacements and a trim.
  const visible = visibleText(text);
  if (!/ {2}|^\s|\s$/.test(visible)) return visible;
  return visible.replace(/ {2,}/g, ' ').trim();
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
 * Splits `text` into lines no wider than `width` points in `face` at `size` (the CLI's `wrap`
 * counts terminal columns), at spaces only (amounts are glued first); a word wider than a line
 * is broken by characters. A last line of one word takes the word before it along when that
 * fits, so no line holds a lone last word.
 */
export function wrapToPoints(face: FontFace, size: number, text: string, width: number): string[] {
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
