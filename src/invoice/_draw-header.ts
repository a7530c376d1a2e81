import { COLORS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { ellipsize, fitSize, wrapToPoints } from './_text.js';
import type { InvoiceWords } from './_words.js';
import type { PageContent } from './pdf/content.js';
import type { FontFace } from './pdf/font-face.js';

const LOGO_BOX = { width: 170, height: 52 };
const RIGHT_COL = 318;

/** Logo (or the seller's name) top left, the title top right, the VOID mark beside it. */
function drawBrandAndTitle(page: PageContent, ink: Ink, words: InvoiceWords, sellerName: string): void {
  const top = PAGE.top;
  if (ink.logo) {
    const scale = Math.min(LOGO_BOX.width / ink.logo.width, LOGO_BOX.height / ink.logo.height);
    const w = ink.logo.width * scale;
    const h = ink.logo.height * scale;
    page.image('Logo', PAGE.left, top - h, w, h);
  }
  const titleSize = fitSize(ink.bold, 24, words.title, 180);
  const titleWidth = ink.bold.width(words.title, titleSize);
  textRight(page, ink.bold, titleSize, PAGE.right, top - 22, words.title, ink.accentText);
  let titleLeft = PAGE.right - titleWidth;
  if (words.voidMark) {
    const size = 12;
    const w = ink.bold.width(words.voidMark, size) + 14;
    const x = PAGE.right - titleWidth - 14 - w;
    page.strokeRect(x, top - 25, w, 22, COLORS.void, 1.5);
    page.text(ink.bold, size, x + 7, top - 18.5, words.voidMark, COLORS.void);
    titleLeft = x;
  }
  if (!ink.logo) {
    // The seller's name as the brand: smaller when long, but never below a readable size; then cut.
    const width = Math.min(RIGHT_COL - PAGE.left + 40, titleLeft - PAGE.left - 20);
    const size = fitSize(ink.bold, 16, sellerName, width, 11);
    page.text(ink.bold, size, PAGE.left, top - 16, ellipsize(ink.bold, size, sellerName, width), ink.accentText);
  }
}

/** The smallest size a one-token fact (a payment code) is set at before it moves under its label. */
const MIN_TOKEN_SIZE = 7;

/** A header field never takes more than this many lines; the rest is cut with an ellipsis. */
const MAX_FIELD_LINES = 3;

/** `text` wrapped to at most MAX_FIELD_LINES lines. */
function fieldLines(face: FontFace, size: number, text: string, width: number): string[] {
  const lines = wrapToPoints(face, size, text, width);
  if (lines.length <= MAX_FIELD_LINES) return lines;
  const kept = lines.slice(0, MAX_FIELD_LINES);
  kept[MAX_FIELD_LINES - 1] = ellipsize(face, size, `${kept[MAX_FIELD_LINES - 1]}…`, width);
  return kept;
}

/** Lines of `text` under each other from baseline `y`; returns the baseline after the last. */
function drawLines(page: PageContent, ink: Ink, x: number, y: number, width: number, rows: string[], boldFirst: boolean): number {
  rows.forEach((row, i) => {
    const face = boldFirst && i === 0 ? ink.bold : ink.regular;
    const size = boldFirst && i === 0 ? 10 : 8.5;
    for (const line of fieldLines(face, size, row, width)) {
      page.text(face, size, x, y, line, COLORS.text);
      y -= boldFirst && i === 0 ? 13 : 11.5;
    }
  });
  return y;
}

/**
 * Page one's header: brand, title, VOID mark, the buyer (left, where an envelope window
 * is), the seller and the invoice facts (right). Returns the y where the table may start.
 */
export function drawFirstHeader(page: PageContent, ink: Ink, words: InvoiceWords): number {
  drawBrandAndTitle(page, ink, words, words.seller[0] ?? '');
  let right = PAGE.top - 48;
  if (words.voidNote) {
    for (const line of wrapToPoints(ink.bold, 8.5, words.voidNote, PAGE.right - RIGHT_COL)) {
      textRight(page, ink.bold, 8.5, PAGE.right, right, line, COLORS.void);
      right -= 11;
    }
    right -= 4;
  }
  right = drawLines(page, ink, RIGHT_COL, right, PAGE.right - RIGHT_COL, words.seller, true) - 10;

  const labelWidth = 84;
  const valueWidth = PAGE.right - RIGHT_COL - labelWidth - 6;
  for (const [label, value] of words.facts) {
    page.text(ink.regular, 8.5, RIGHT_COL, right, ellipsize(ink.regular, 8.5, label, labelWidth), COLORS.muted);
    const token = !value.includes(' ') && ink.bold.width(value, 8.5) > valueWidth;
    if (token) {
      // One token (a payment code such as +71<…<) is never broken: smaller beside the label, else under it.
      const beside = fitSize(ink.bold, 8.5, value, valueWidth, MIN_TOKEN_SIZE);
      const fullWidth = PAGE.right - RIGHT_COL;
      const under = fitSize(ink.bold, 8.5, value, fullWidth, MIN_TOKEN_SIZE);
      if (ink.bold.width(value, beside) <= valueWidth) {
        textRight(page, ink.bold, beside, PAGE.right, right, value, COLORS.text);
        right -= 12;
        continue;
      }
      if (ink.bold.width(value, under) <= fullWidth) {
        textRight(page, ink.bold, under, PAGE.right, right - 11, value, COLORS.text);
        right -= 23;
        continue;
      }
    }
    for (const line of fieldLines(ink.bold, 8.5, value, valueWidth)) {
      textRight(page, ink.bold, 8.5, PAGE.right, right, line, COLORS.text);
      right -= 12;
    }
  }

  let left = PAGE.top - 112;
  page.text(ink.bold, 7.5, PAGE.left, left, words.buyerHeading.toUpperCase(), ink.accentText);
  left = drawLines(page, ink, PAGE.left, left - 15, RIGHT_COL - PAGE.left - 30, words.buyer, true);
  return Math.min(left, right) - 16;
}

/** A later page's header: seller name and "Invoice … (continued)". Returns the table's top. */
export function drawContinuationHeader(page: PageContent, ink: Ink, words: InvoiceWords): number {
  const y = PAGE.top - 10;
  const half = (PAGE.right - PAGE.left) / 2 - 45;
  page.text(ink.bold, 10, PAGE.left, y, ellipsize(ink.bold, 10, words.seller[0] ?? '', half), ink.accentText);
  textRight(page, ink.regular, 9, PAGE.right, y, ellipsize(ink.regular, 9, words.continued, half), COLORS.muted);
  if (words.voidMark) {
    const center = (PAGE.left + PAGE.right) / 2;
    page.text(ink.bold, 10, center - ink.bold.width(words.voidMark, 10) / 2, y, words.voidMark, COLORS.void);
  }
  return y - 22;
}
