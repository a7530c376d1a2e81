// An invoice's DKK split over its categories or lines (vat/dkk-conversion.ts splitDkk), the one
// rule the journal, the run's cost figures and the workbook's plan sheet read. Expected parts by hand.
import { describe, expect, it } from 'vitest';
import { splitDkk } from '../../src/vat/index.js';

const same = (m: number) => m;

describe('splitDkk', () => {
  it('splits a converted net by largest remainder: 313 USD at 6.8512 over lines of 139 and 174 USD', () => {
    // 2,144.42 DKK (the total less the VAT, each converted): 214442 × 139/313 = 95231.43… and
    // 214442 × 174/313 = 119210.56…; the floors leave one øre, which goes to the larger fraction (.56).
    expect(splitDkk(214442, [13900, 17400], (m) => Math.round(m * 6.8512))).toEqual([95231, 119211]);
  });

  it('keeps a DKK invoice\'s own amounts', () => {
    expect(splitDkk(30000, [10000, 15000, 5000], same)).toEqual([10000, 15000, 5000]);
  });

  it('keeps a DKK charge and its credit that cancel out, not two zeros', () => {
    expect(splitDkk(0, [10000, -10000], same)).toEqual([10000, -10000]);
    expect(splitDkk(0, [10000, -10000, 0], same)).toEqual([10000, -10000, 0]);
  });

  it('converts parts that cancel out each at the rate, the rounding left to the largest', () => {
    // 100 USD and its credit at 6.8512: ±685.12 DKK.
    expect(splitDkk(0, [10000, -10000], (m) => Math.round(m * 6.8512))).toEqual([68512, -68512]);
    // At 1.5 (Math.round): 151.5 → 152, −150, −1.5 → −1: one øre over the net of 0, taken off the largest.
    expect(splitDkk(0, [101, -100, -1], (m) => Math.round(m * 1.5))).toEqual([151, -150, -1]);
  });

  it('gives nothing for no parts', () => {
    expect(splitDkk(0, [], same)).toEqual([]);
  });
});
