import { COLORS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { fitSize, wrap } from './_text.js';
import type { InvoiceWords } from './_words.js';
import type { PageContent } from './pdf/content.js';

const TOTALS_LEFT = 318;
const LINE = 14;
const NOTE_SIZE = 8.5;
const NOTE_LINE = 11.5;

/** Lines of notes and payment text, wrapped to the page width. */
function closingText(ink: Ink, words: InvoiceWords): { notes: string[]; payment: string[] } {
  const width = PAGE.right - PAGE.left;
  return {
    notes: words.notes.flatMap((n) => wrap(ink.regular, NOTE_SIZE, n, width)),
    payment: words.payment.flatMap((p) => wrap(ink.regular, NOTE_SIZE, p, width)),
  };
}

/** Height of the closing block: totals, notes, payment. */
export function closingHeight(ink: Ink, words: InvoiceWords): number {
  const { notes, payment } = closingText(ink, words);
  return 12 + words.totals.length * LINE + 10 + (notes.length ? 10 + notes.length * NOTE_LINE : 0) + 24 + 14 + payment.length * NOTE_LINE;
}

/** Totals (right), then the notes (rate, VAT in DKK, reverse charge) and the payment terms. */
export function drawClosing(page: PageContent, ink: Ink, words: InvoiceWords, top: number): void {
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
    page.text(face, fitSize(face, size, row.label, labelWidth), TOTALS_LEFT, y, row.label, row.strong ? ink.accent : COLORS.text);
    textRight(page, face, fitSize(face, size, row.amount, amountWidth), PAGE.right - 6, y, row.amount, row.strong ? ink.accent : COLORS.text);
    y -= LINE;
  }
  const { notes, payment } = closingText(ink, words);
  if (notes.length) y -= 10;
  for (const line of notes) {
    page.text(ink.regular, NOTE_SIZE, PAGE.left, y, line, COLORS.text);
    y -= NOTE_LINE;
  }
  y -= 14;
  page.line(PAGE.left, y + 8, PAGE.right, y + 8, COLORS.rule, 0.5);
  page.text(ink.bold, 9, PAGE.left, y - 6, words.paymentHeading, ink.accent);
  y -= 20;
  for (const line of payment) {
    page.text(ink.regular, NOTE_SIZE, PAGE.left, y, line, COLORS.text);
    y -= NOTE_LINE;
  }
}
