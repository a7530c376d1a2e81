import { describe, expect, it } from 'vitest';
import { defaultFonts } from '../../src/invoice/font/fonts.js';
import { FontFace } from '../../src/invoice/pdf/font-face.js';
import { clean, glue, wrapToPoints } from '../../src/invoice/_text.js';

const bold = new FontFace(defaultFonts().bold, 'F2');
const regular = new FontFace(defaultFonts().regular, 'F1');
const NBSP = '\u00a0';

describe('wrapping text on the invoice', () => {
  it('never leaves the last word of a paragraph alone on its line (the void note)', () => {
    // 227.28 pt: the header's right column, where the void note stands, at 8.5 pt bold.
    for (const note of ['Denne faktura er annulleret og skal ikke betales.', 'This invoice has been voided and must not be paid.']) {
      const lines = wrapToPoints(bold, 8.5, note, 227.28 - 60);
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.at(-1)).toContain(' ');
      expect(lines.join(' ')).toBe(note);
    }
  });

  it('glues amounts, rates and percentages so they are never split', () => {
    expect(glue('Forbrug (USD 987,65 à 6,9034)')).toBe(`Forbrug (USD${NBSP}987,65${NBSP}à${NBSP}6,9034)`);
    expect(glue('heraf Anthropic: 4.905,86 DKK')).toBe(`heraf Anthropic: 4.905,86${NBSP}DKK`);
    expect(glue('of which OpenAI: DKK 2,791.14')).toBe(`of which OpenAI: DKK${NBSP}2,791.14`);
    expect(glue('Moms 25 % af 1 234,56 kr.')).toBe(`Moms 25${NBSP}% af 1${NBSP}234,56${NBSP}kr.`);
    expect(glue('Strandgade 12, 1401 København K')).toBe('Strandgade 12, 1401 København K');
    // Narrow enough that the description must wrap: it wraps before or after the amount, never inside.
    const lines = wrapToPoints(regular, 9, 'Forbrug af sprogmodeller, september 2026 (USD 987,65 à 6,9034)', 200);
    expect(lines.some((l) => l.includes(`USD${NBSP}987,65${NBSP}à${NBSP}6,9034`))).toBe(true);
  });

  it('removes control, bidi and zero-width characters (the one rule), line breaks become spaces', () => {
    expect(clean('A\u0007B\u001b[31mC\u202eD\u2066E\u200bF\ufeffG')).toBe('AB[31mCDEFG');
    expect(clean(' Linje\n\tto \r\n ')).toBe('Linje to');
    expect(clean('plain')).toBe('plain');
  });
});
