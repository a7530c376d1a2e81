import { COLORS, PAGE } from './_theme.js';
import { textRight, type Ink } from './_ink.js';
import { ellipsize, fitSize } from './_text.js';
import type { InvoiceWords } from './_words.js';
import type { PageContent } from './pdf/content.js';

/** The footer of every page: seller line left, "Page i of n" right. */
export function drawFooter(page: PageContent, ink: Ink, words: InvoiceWords, index: number, count: number): void {
  const y = PAGE.footerY;
  page.line(PAGE.left, y + 12, PAGE.right, y + 12, COLORS.rule, 0.5);
  const pageText = words.page(index + 1, count);
  const pageWidth = ink.regular.width(pageText, 7.5);
  textRight(page, ink.regular, 7.5, PAGE.right, y, pageText, COLORS.muted);
  const width = PAGE.right - PAGE.left - pageWidth - 20;
  // A little smaller before anything is cut: the footer carries the seller's address and e-mail.
  const size = fitSize(ink.regular, 7.5, words.footer, width, 6.5);
  page.text(ink.regular, size, PAGE.left, y, ellipsize(ink.regular, size, words.footer, width), COLORS.muted);
}

/**
 * The large pale diagonal VOID stamp across the page's middle, drawn on the page's `underlay`
 * (beneath its content, see COLORS.stamp). Text extractors read it as one word on a line of its
 * own under the footer (an invisible copy on the page itself), not as letters scattered through
 * the totals it crosses.
 */
export function drawVoidStamp(underlay: PageContent, page: PageContent, ink: Ink, text: string): void {
  const angle = 35;
  const rad = (angle * Math.PI) / 180;
  const size = Math.min(110, (0.8 * (PAGE.height * 0.62)) / (ink.bold.width(text, 1) || 1));
  const width = ink.bold.width(text, size);
  const cx = PAGE.width / 2;
  const cy = PAGE.height / 2;
  // Start so the text's centre (including half its cap height) lands on the page centre.
  const x = cx - (Math.cos(rad) * width) / 2 + (Math.sin(rad) * size * 0.36);
  const y = cy - (Math.sin(rad) * width) / 2 - (Math.cos(rad) * size * 0.36);
  underlay.rotatedText(ink.bold, size, x, y, angle, text, COLORS.stamp);
  page.invisibleText(ink.bold, 10, cx - ink.bold.width(text, 10) / 2, PAGE.footerY - 12, text);
}
