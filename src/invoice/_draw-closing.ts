import { COLORS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { ellipsize, fitSize, wrapToPoints } from './_text.js';
import type { InvoiceWords } from './_words.js';
import type { PageContent } from './pdf/content.js';

const TOTALS_LEFT = 318;
const LINE = 14;
const NOTE_SIZE = 8.5;
const NOTE_LINE = 11.5;

/** A paragraph of the closing block never takes more lines than this (a payment reference is data). */
const MAX_PARAGRAPH_LINES = 4;

function paragraph(ink: Ink, text: string, width: number): string[] {
  const lines = wrapToPoints(ink.regular, NOTE_SIZE, text, width);
  if (lines.length <= MAX_PARAGRAPH_LINES) return lines;
  const kept = lines.slice(0, MAX_PARAGRAPH_LINES);
  kept[MAX_PARAGRAPH_LINES - 1] = ellipsize(ink.regular, NOTE_SIZE, `${kept[MAX_PARAGRAPH_LINES - 1]}…`, width);
  return kept;
}

/** The closing block's notes and payment text wrapped to the page width, and the block's height. */
export interface Closing {
  notes: string[];
  payment: string[];
  /** Height of the whole block: totals, notes, payment. */
  height: number;
}

/**
 * Wraps the closing block's text once per document, for pagination (its height) and drawClosing.
 * Handed along, not kept in a WeakMap keyed by the document: V8's scavenges kept those values
 * alive, so about 0.7 KB a document was promoted to the old generation (measured).
 */
export function layOutClosing(ink: Ink, words: InvoiceWords): Closing {
  const width = PAGE.right - PAGE.left;
  // A NOT VALID invoice's errors come first: they are why it asks for nothing.
  const notes = [...words.problems, ...words.notes].flatMap((n) => paragraph(ink, n, width));
  const payment = words.payment.flatMap((p) => paragraph(ink, p, width));
  const paymentBlock = words.paymentHeading ? 24 + 14 + payment.length * NOTE_LINE : 0;
  const height = 12 + words.totals.length * LINE + 10 + (notes.length ? 10 + notes.length * NOTE_LINE : 0) + paymentBlock;
  return { notes, payment, height };
}

/** Totals (right), then the notes (rate, VAT in DKK, the VAT treatment's legal note) and the payment terms. */
export function drawClosing(page: PageContent, ink: Ink, words: InvoiceWords, closing: Closing, top: number): void {
  let y = top - 12 - 10;
  const amountWidth = 120;
  const labelWidth = PAGE.right - TOTALS_LEFT - amountWidth - 10;
  for (const row of words.totals) {
    const face = row.strong ? ink.bold : ink.regular;
    const size = row.strong ? 10.5 : 9;
    if (row.strong) {
      page.line(TOTALS_LEFT, y + LINE - 3, PAGE.right, y + LINE - 3, ink.accent, 1.2);
      y -= 3;
    }
    page.text(face, fitSize(face, size, row.label, labelWidth), TOTALS_LEFT, y, row.label, row.strong ? ink.accentText : COLORS.text);
    textRight(page, face, fitSize(face, size, row.amount, amountWidth), PAGE.right - 6, y, row.amount, row.strong ? ink.accentText : COLORS.text);
    y -= LINE;
  }
  const { notes, payment } = closing;
  if (notes.length) y -= 10;
  for (const line of notes) {
    page.text(ink.regular, NOTE_SIZE, PAGE.left, y, line, COLORS.text);
    y -= NOTE_LINE;
  }
  // A void invoice has no payment block: nothing on it asks for money.
  if (!words.paymentHeading) return;
  y -= 14;
  page.line(PAGE.left, y + 8, PAGE.right, y + 8, COLORS.rule, 0.5);
  page.text(ink.bold, 9, PAGE.left, y - 6, words.paymentHeading, ink.accentText);
  y -= 20;
  for (const line of payment) {
    page.text(ink.regular, NOTE_SIZE, PAGE.left, y, line, COLORS.text);
    y -= NOTE_LINE;
  }
}
