import type { Rgb } from './pdf/content.js';
import { InvalidRenderOptionError } from './options/invalid-render-option-error.js';

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

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance(c: Rgb): number {
  const lin = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
}

/** WCAG 2.x contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA's minimum contrast for normal text. */
export const MIN_CONTRAST = 4.5;

/** The accent and the colours of text drawn with it. */
export interface AccentInk {
  /** Bands, rules and bars. */
  accent: Rgb;
  /** Text on an accent band: white, or dark text when white does not reach 4.5:1 on it. */
  onAccent: Rgb;
  /** Accent-coloured text on the white page: the accent when it reaches 4.5:1 on white, else dark text. */
  accentText: Rgb;
}

const accentCache = new Map<string, AccentInk>();

/**
 * The accent from `#rrggbb`, with text colours that stay legible (WCAG AA, 4.5:1): white on the
 * accent when that contrast holds (then accent text on white holds too); otherwise dark text on
 * it and dark text where accent-coloured text would stand on white.
 * @throws InvalidRenderOptionError when neither white nor the dark text reaches 4.5:1 on it.
 */
export function accentInk(value: string): AccentInk {
  let ink = accentCache.get(value);
  if (!ink) {
    ink = decideAccentInk(value);
    if (accentCache.size > 64) accentCache.clear();
    accentCache.set(value, ink);
  }
  return ink;
}

function decideAccentInk(value: string): AccentInk {
  const accent = parseAccent(value);
  const white = contrast(accent, COLORS.white);
  if (white >= MIN_CONTRAST) return { accent, onAccent: COLORS.white, accentText: accent };
  const dark = contrast(accent, COLORS.text);
  if (dark >= MIN_CONTRAST) return { accent, onAccent: COLORS.text, accentText: COLORS.text };
  throw new InvalidRenderOptionError(
    'accentColor',
    `${value} gives text too little contrast: white on it ${white.toFixed(2)}:1, dark text ${dark.toFixed(2)}:1; WCAG AA needs 4.5:1 (choose a darker or a lighter colour)`,
  );
}
