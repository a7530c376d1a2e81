import type { Rgb } from './pdf/content.js';
import { InvalidRenderOptionError } from './invalid-render-option-error.js';

/** A4 in points and the margins every page keeps; nothing is drawn outside them. */
export const PAGE = { width: 595.28, height: 841.89, left: 50, right: 545.28, top: 791.89, bottom: 62, footerY: 34 };

/** Right edges of the table's number columns and the description column's width. */
export const COLUMNS = { qtyRight: 352, unitRight: 448, amountRight: PAGE.right, descLeft: PAGE.left, descWidth: 250 };

export const COLORS = {
  text: [0.13, 0.14, 0.16] as Rgb,
  muted: [0.42, 0.44, 0.48] as Rgb,
  rule: [0.82, 0.84, 0.87] as Rgb,
  band: [0.96, 0.97, 0.98] as Rgb,
  white: [1, 1, 1] as Rgb,
  void: [0.78, 0.1, 0.12] as Rgb,
  /**
   * The VOID stamp: the void red at 16 % on white, painted opaque beneath the page's content.
   * PDF/A-3 allows transparency, but the PDF/A check we run (PDFBox Preflight) refuses a
   * constant-opacity graphics state, so the stamp is a pale colour under the text instead.
   */
  stamp: [0.96, 0.86, 0.86] as Rgb,
};

/** Default accent: a deep sea blue. */
export const DEFAULT_ACCENT = '#1f4e79';

/** `#rrggbb` → RGB 0..1. @throws InvalidRenderOptionError */
export function parseAccent(value: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  if (!m) throw new InvalidRenderOptionError('accentColor', `expected #rrggbb (got "${value}")`);
  return [parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255];
}
