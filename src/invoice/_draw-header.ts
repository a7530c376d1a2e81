import { COLORS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { ellipsize, fitSize, wrapToPoints } from './_text.js';
import type { HeaderField, InvoiceWords } from './_words.js';
import { UnprintableFieldError } from './unprintable-field-error.js';
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

/**
 * A header field is set at its size while it takes at most this many lines; a longer one is set
 * smaller (half a point at a time) until it does, down to MIN_FIELD_SIZE, below which it wraps on.
 */
const MAX_FIELD_LINES = 3;

/**
 * The smallest size a header field (and a one-token fact such as a payment code) is set at: 7 pt,
 * as small as the footer's smallest (6.5 pt) is set, still read on paper without a glass.
 */
export const MIN_FIELD_SIZE = 7;

/**
 * Page one's table starts no lower than this (points above the page's foot): the header may take
 * up to about 490 pt of the page, what the old three-line cut allowed at most, and page one keeps
 * at least 218 pt (about nine one-line rows) for the table. A header that would go lower is refused.
 */
export const MIN_FIRST_TABLE_TOP = 300;

/** A field laid out: the lines it takes at the size it is set at, and the distance between baselines. */
interface SetField {
  field: string;
  text: string;
  face: FontFace;
  size: number;
  leading: number;
  lines: string[];
}

/**
 * `text` wrapped whole to `width`: at `size` (baselines `leading` apart) when it takes at most
 * MAX_FIELD_LINES lines, else at the largest smaller size at which it does, else at
 * MIN_FIELD_SIZE in as many lines as it needs; a word wider than `width` is set smaller too before
 * it is broken. Never cut: the law wants the names, addresses and the number whole
 * (momsbekendtgørelsen § 58, stk. 1, nr. 2 and 4; VAT Directive 2006/112/EC art. 226, points 2 and 5).
 */
function setField(face: FontFace, size: number, leading: number, field: string, text: string, width: number): SetField {
  let at = size;
  let lines = wrapToPoints(face, at, text, width);
  // A word wider than the column (an e-mail address) is set smaller before it is broken.
  while (lines.length > 1 && at > MIN_FIELD_SIZE && (lines.length > MAX_FIELD_LINES || brokenWord(face, at, text, width))) {
    at = Math.max(MIN_FIELD_SIZE, at - 0.5);
    lines = wrapToPoints(face, at, text, width);
  }
  return { field, text, face, size: at, leading: (leading * at) / size, lines };
}

/** Whether a word of `text` is wider than `width`, so wrapping breaks it. */
function brokenWord(face: FontFace, size: number, text: string, width: number): boolean {
  return text.split(/[ \u00a0]/).some((word) => face.width(word, size) > width);
}

/** A block of fields (the seller's, the buyer's): the first bold (the name), the rest regular. */
function setBlock(ink: Ink, fields: readonly HeaderField[], width: number): SetField[] {
  return fields.map((f, i) => (i === 0 ? setField(ink.bold, 10, 13, f.field, f.text, width) : setField(ink.regular, 8.5, 11.5, f.field, f.text, width)));
}

/** Draws the set fields from baseline `y` down, left-aligned at `x` (or right-aligned at `right`); returns the baseline after the last. */
function drawSet(page: PageContent, set: readonly SetField[], y: number, at: { x: number } | { right: number }): number {
  for (const f of set) {
    for (const line of f.lines) {
      if ('x' in at) page.text(f.face, f.size, at.x, y, line, COLORS.text);
      else textRight(page, f.face, f.size, at.right, y, line, COLORS.text);
      y -= f.leading;
    }
  }
  return y;
}

/** The refusal of a header that leaves page one no room for the table, naming the field that takes the most of it. */
function headerTooTall(set: readonly SetField[], tableTop: number): UnprintableFieldError {
  const height = (f: SetField): number => f.lines.length * f.leading;
  const tallest = set.reduce((a, b) => (height(b) > height(a) ? b : a));
  const budget = Math.round(PAGE.top - MIN_FIRST_TABLE_TOP);
  return new UnprintableFieldError(
    tallest.field,
    `too long to print in full: its ${[...tallest.text].length} characters take ${tallest.lines.length} lines at ${tallest.size} pt, ` +
      `and page one's header (seller, buyer and invoice facts) may take at most ${budget} pt of the page, so the table has room; with it the header would take ${Math.round(PAGE.top - tableTop)} pt`,
  );
}

/**
 * Page one's header: brand, title, VOID mark, the buyer (left, where an envelope window
 * is), the seller and the invoice facts (right). Every field is printed whole (set smaller
 * when long). Returns the y where the table may start.
 * @throws UnprintableFieldError when the fields would push the table below MIN_FIRST_TABLE_TOP.
 */
export function drawFirstHeader(page: PageContent, ink: Ink, words: InvoiceWords): number {
  drawBrandAndTitle(page, ink, words, words.seller[0]?.text ?? '');
  let right = PAGE.top - 48;
  if (words.voidNote) {
    for (const line of wrapToPoints(ink.bold, 8.5, words.voidNote, PAGE.right - RIGHT_COL)) {
      textRight(page, ink.bold, 8.5, PAGE.right, right, line, COLORS.void);
      right -= 11;
    }
    right -= 4;
  }
  const seller = setBlock(ink, words.seller, PAGE.right - RIGHT_COL);
  right = drawSet(page, seller, right, { x: RIGHT_COL }) - 10;

  const labelWidth = 84;
  const valueWidth = PAGE.right - RIGHT_COL - labelWidth - 6;
  const rightColumn = [...seller];
  for (const { label, value, field } of words.facts) {
    page.text(ink.regular, 8.5, RIGHT_COL, right, ellipsize(ink.regular, 8.5, label, labelWidth), COLORS.muted);
    const token = !value.includes(' ') && ink.bold.width(value, 8.5) > valueWidth;
    if (token) {
      // One token (a payment code such as +71<…<) is never broken: smaller beside the label, else under it.
      const beside = fitSize(ink.bold, 8.5, value, valueWidth, MIN_FIELD_SIZE);
      const fullWidth = PAGE.right - RIGHT_COL;
      const under = fitSize(ink.bold, 8.5, value, fullWidth, MIN_FIELD_SIZE);
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
    const set = setField(ink.bold, 8.5, 12, field, value, valueWidth);
    rightColumn.push(set);
    right = drawSet(page, [set], right, { right: PAGE.right });
  }

  let left = PAGE.top - 112;
  page.text(ink.bold, 7.5, PAGE.left, left, words.buyerHeading.toUpperCase(), ink.accentText);
  const buyer = setBlock(ink, words.buyer, RIGHT_COL - PAGE.left - 30);
  left = drawSet(page, buyer, left - 15, { x: PAGE.left });
  const tableTop = Math.min(left, right) - 16;
  if (tableTop < MIN_FIRST_TABLE_TOP) throw headerTooTall(left <= right ? buyer : rightColumn, tableTop);
  return tableTop;
}

/**
 * A later page's header: the seller's name and "Invoice … (continued)". The latter names the
 * invoice: never cut, set smaller (to MIN_FIELD_SIZE) when long, and given the room it needs; the
 * seller's name is a running head (page one prints it whole) and takes what is left, cut with an
 * ellipsis, or left out when almost nothing is. Returns the table's top.
 * @throws UnprintableFieldError when the number does not fit the line even so.
 */
export function drawContinuationHeader(page: PageContent, ink: Ink, words: InvoiceWords): number {
  const y = PAGE.top - 10;
  const width = PAGE.right - PAGE.left;
  const half = width / 2 - 45;
  const mark = words.voidMark ? ink.bold.width(words.voidMark, 10) + 20 : 0;
  // Half the line when it fits there (the usual case), else all but the mark's room.
  const room = width - mark - 20;
  const size = fitSize(ink.regular, 9, words.continued, half, MIN_FIELD_SIZE);
  const continuedWidth = ink.regular.width(words.continued, size);
  if (continuedWidth > room) {
    throw new UnprintableFieldError(words.continuedField, `too long to print in full in the header of the pages after the first ("${words.continued}" is ${Math.round(continuedWidth)} pt wide at ${size} pt; the line has ${Math.round(room)} pt)`);
  }
  textRight(page, ink.regular, size, PAGE.right, y, words.continued, COLORS.muted);
  let sellerRoom = Math.min(half, width - continuedWidth - 20);
  if (words.voidMark) {
    const center = (PAGE.left + PAGE.right) / 2;
    const markWidth = mark - 20;
    // Centred while the number leaves room for it, else just left of the number.
    const x = Math.min(center - markWidth / 2, PAGE.right - continuedWidth - 20 - markWidth);
    page.text(ink.bold, 10, x, y, words.voidMark, COLORS.void);
    sellerRoom = Math.min(sellerRoom, x - 20 - PAGE.left);
  }
  const sellerName = words.seller[0]?.text ?? '';
  if (sellerRoom >= 40) page.text(ink.bold, 10, PAGE.left, y, ellipsize(ink.bold, 10, sellerName, sellerRoom), ink.accentText);
  return y - 22;
}
