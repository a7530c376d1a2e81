import { describe, expect, it } from 'vitest';
import { Decimal, allocateMinor, assertMinor, formatDecimal, formatMinor, vatFromBps } from '../../src/money/index.js';
import { formatDate, formatMoney, getLocale } from '../../src/locale/index.js';

const da = getLocale('da');
const en = getLocale('en');

describe('money formatting', () => {
  it('formats minor units per language without floats', () => {
    expect(formatMinor(2042146, da.format.number)).toBe('20.421,46');
    expect(formatMinor(2042146, en.format.number)).toBe('20,421.46');
    expect(formatMinor(5, da.format.number)).toBe('0,05');
    expect(formatMinor(-123456789, en.format.number)).toBe('-1,234,567.89');
    expect(formatMinor(0, en.format.number)).toBe('0.00');
    expect(formatMinor(Number.MAX_SAFE_INTEGER, en.format.number)).toBe('90,071,992,547,409.91');
  });
  it('adds the currency the language way', () => {
    expect(formatMoney(2042146, 'DKK', da)).toBe('20.421,46 DKK');
    expect(formatMoney(2042146, 'EUR', en)).toBe('EUR 20,421.46');
  });
  it('rejects unsafe integers', () => {
    expect(() => assertMinor(2 ** 60, 'total_cents')).toThrow(/total_cents/);
    expect(() => assertMinor(1.5, 'x')).toThrow();
    expect(() => formatMinor(2 ** 60, en.format.number)).toThrow();
  });
  it('computes VAT half up in integers', () => {
    expect(vatFromBps(1634117, 2500)).toBe(408529);
    expect(vatFromBps(2, 2500)).toBe(1);
  });
  it('allocates by largest remainder so parts sum exactly', () => {
    const { parts } = allocateMinor(100, [new Decimal(1), new Decimal(1), new Decimal(1)]);
    expect(parts).toEqual([34, 33, 33]);
    expect(allocateMinor(-7, [new Decimal('0.5'), new Decimal('0.5')]).parts).toEqual([-4, -3]);
    expect(allocateMinor(10, [new Decimal(0)]).unallocated).toBe(10);
  });
});

describe('decimal strings', () => {
  it('round half up exactly like Decimal, without making one', () => {
    const fmt = en.format.number;
    const cases = ['0', '0.5', '-0.5', '0.005', '-0.004', '1234.565', '999.995', '-999.995', '8458.217472', '12.', '100', '0.0000001', '99999999999999999999.995'];
    // And a few thousand more, drawn from a fixed seed: integers, fractions, ties, long tails, signs.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 3000; i++) {
      const int = String(next() % 10 ** (next() % 9));
      const frac = String(next()).slice(0, next() % 9);
      cases.push(`${next() % 4 === 0 ? '-' : ''}${int}${frac ? `.${frac}${next() % 3 === 0 ? '5' : ''}` : ''}`);
    }
    for (const text of cases) {
      for (const places of [0, 1, 2, 4]) expect(formatDecimal(text, fmt, places), `${text} to ${places}`).toBe(formatDecimal(new Decimal(text), fmt, places));
    }
    expect(formatDecimal('1234.565', da.format.number, 2)).toBe('1.234,57');
    expect(formatDecimal('1e3', fmt, 0)).toBe('1,000');
  });
});

describe('dates', () => {
  it('formats per language', () => {
    expect(formatDate('2026-11-15', da)).toBe('15.11.2026');
    expect(formatDate('2026-11-05', en)).toBe('5 Nov 2026');
    expect(formatDate('2026-11-01T00:30:00+01:00', da)).toBe('01.11.2026');
  });
});
