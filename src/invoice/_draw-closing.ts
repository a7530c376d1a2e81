import { COLORS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { fitSize, wrapToPoints } from './_text.js';
import { UnprintableFieldError } from './unprintable-field-error.js';
import type { InvoiceWords } from './_words.js';
import type { PageContent } from './pdf/content.js';

const TOTALS_LEFT = 318;
const LINE = 14;
const NOTE_SIZE = 8.5;
const NOTE_LINE = 11.5;

/** A paragraph under the totals, wrapped whole to the page's width. */
interface Paragraph {
  text: string;
  lines: string[];
}

/** The closing block's notes and payment text wrapped to the page width, and the block's height. */
export interface Closing {
  notes: string[];
  payment: string[];
  /** Height of the whole block: totals, notes, payment. */
  height: number;
}

/** Text with its spaces (no-break ones too) as single spaces, for finding a field's text in a paragraph. */
const spaced = (text: string): string => text.replace(/[\s\u00a0]+/g, ' ');

/**
 * The refusal of a paragraph that would make the closing block taller than a page allows: it
 * names the record's field whose text it carries (the longest of words.closingFields found in it;
 * `language` when it carries none, its words being the locale's).
 */
function paragraphTooTall(words: InvoiceWords, paragraphs: readonly Paragraph[], height: number, maxHeight: number): UnprintableFieldError {
  const tallest = paragraphs.reduce((a, b) => (b.lines.length > a.lines.length ? b : a));
  const text = spaced(tallest.text);
  const carried = words.closingFields.filter((f) => f.text && text.includes(spaced(f.text))).sort((a, b) => b.text.length - a.text.length)[0];
  return new UnprintableFieldError(
    carried?.field ?? 'language',
    `too long to print in full: its paragraph under the totals takes ${tallest.lines.length} lines, and the totals, notes and payment terms ` +
      `must fit one page beside the table (at most ${Math.round(maxHeight)} pt; with it they would take ${Math.round(height)} pt)`,
  );
}

/**
 * Wraps the closing block's text once per document, for pagination (its height) and drawClosing.
 * Every paragraph is whole (the bank details, the payment reference, a credit note's reason, the
 * VAT treatment's legal note are the record's or the law's). The block is at most `maxHeight`
 * tall, so it fits a page beside rows of the table: a NOT VALID invoice's errors beyond that are
 * one line saying how many more the invoice check lists; any other paragraph that would not fit
 * is refused. Handed along, not kept in a WeakMap keyed by the document: V8's scavenges kept
 * those values alive, so about 0.7 KB a document was promoted to the old generation (measured).
 * @throws UnprintableFieldError naming the field whose text makes the block too tall.
 */
export function layOutClosing(ink: Ink, words: InvoiceWords, maxHeight: number): Closing {
  const width = PAGE.right - PAGE.left;
  const set = (texts: readonly string[]): Paragraph[] => texts.map((text) => ({ text, lines: wrapToPoints(ink.regular, NOTE_SIZE, text, width) }));
  const count = (paragraphs: readonly Paragraph[]): number => paragraphs.reduce((n, p) => n + p.lines.length, 0);
  const notes = set(words.notes);
  const payment = set(words.payment);
  const paymentLines = count(payment);
  const heightWith = (noteLines: number): number =>
    12 + words.totals.length * LINE + 10 + (noteLines ? 10 + noteLines * NOTE_LINE : 0) + (words.paymentHeading ? 24 + 14 + paymentLines * NOTE_LINE : 0);
  const noteLines = count(notes);
  if (heightWith(noteLines) > maxHeight) throw paragraphTooTall(words, [...notes, ...payment], heightWith(noteLines), maxHeight);
  // A NOT VALID invoice's errors come first: they are why it asks for nothing.
  let problems = set(words.problems);
  if (heightWith(count(problems) + noteLines) > maxHeight) {
    let kept = problems.length;
    let more: Paragraph[] = [];
    while (kept > 0) {
      kept--;
      more = set([words.moreProblems(problems.length - kept)]);
      if (heightWith(count(problems.slice(0, kept)) + count(more) + noteLines) <= maxHeight) break;
    }
    problems = [...problems.slice(0, kept), ...more];
  }
  const lines = count(problems) + noteLines;
  return { notes: [...problems, ...notes].flatMap((p) => p.lines), payment: payment.flatMap((p) => p.lines), height: heightWith(lines) };
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
