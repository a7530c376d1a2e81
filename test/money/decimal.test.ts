// An outside embedder review (2026-12-07): the package root's `Decimal` is the constructor its
// own amounts are built with, so `Decimal.set({ precision: 6 })`, the usual decimal.js habit,
// changed the package's sums, what checkInvoice found and its PDFs' bytes; and `dec()` and
// `toMinorUnits()` read hexadecimal, binary and octal text as amounts ('0x10' was 16).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Decimal, InvalidAmountError, InvalidArgumentError, checkInvoice, dec, renderInvoicePdf, toMinorUnits } from '../../src/index.js';
import { SAMPLES } from '../_harness/index.js';

const sample = () => JSON.parse(readFileSync(join(SAMPLES, 'vat-treatments', 'usd-vat-with-rate-2026-10.json'), 'utf8'));

describe("the package's Decimal keeps its settings", () => {
  it('Decimal.set and Decimal.config are refused by name, and the settings stay', () => {
    for (const call of [() => Decimal.set({ precision: 6 }), () => Decimal.config({ rounding: Decimal.ROUND_DOWN })]) {
      const e = (() => { try { call(); } catch (x) { return x; } })() as InvalidArgumentError;
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toContain('Decimal.clone');
    }
    expect(Decimal.precision).toBe(50);
    // 1/3 to 50 significant digits, rounded half up (2/3 ends in ...67).
    expect(dec('1').dividedBy(3).toString()).toBe(`0.${'3'.repeat(50)}`);
    expect(dec('2').dividedBy(3).toString()).toBe(`0.${'6'.repeat(49)}7`);
  });

  // The re-review: a frozen constructor made decimal.js's own methods throw a TypeError, as they set
  // precision and rounding on it for a moment.
  it("decimal.js's own methods work on it: pow, ln, log, exp, cos, sqrt", () => {
    expect(new Decimal(2).pow(0.5).toFixed(10)).toBe('1.4142135624');
    expect(Decimal.pow('1.05', '0.5').toFixed(10)).toBe('1.0246950766');
    expect(new Decimal(10).ln().toFixed(10)).toBe('2.3025850930');
    expect(new Decimal(1000).log(10).toString()).toBe('3');
    expect(new Decimal(1).exp().toFixed(10)).toBe('2.7182818285');
    expect(new Decimal(0).cos().toString()).toBe('1');
    expect(new Decimal(2).sqrt().toFixed(10)).toBe('1.4142135624');
    expect(Decimal.precision).toBe(50);
    expect(Decimal.rounding).toBe(Decimal.ROUND_HALF_UP);
  });

  it('a clone has settings of its own and leaves the invoice check and the PDF as they were', async () => {
    const invoice = sample();
    const before = await renderInvoicePdf(invoice, { language: 'da' });
    const findings = checkInvoice(invoice);
    const mine = Decimal.clone({ precision: 4, rounding: Decimal.ROUND_DOWN });
    expect(new mine('2').dividedBy(3).toString()).toBe('0.6666');
    expect(dec('2').dividedBy(3).toString()).toBe(`0.${'6'.repeat(49)}7`);
    expect(checkInvoice(invoice)).toEqual(findings);
    expect(Buffer.from(await renderInvoicePdf(invoice, { language: 'da' })).equals(Buffer.from(before))).toBe(true);
  });
});

describe('dec() and toMinorUnits() read decimal text only', () => {
  it.each(['0x10', '0X1F', '0b101', '0o17', '0x1p3', 'NaN', 'Infinity', '-Infinity', ' 1', '1 ', '1,5', '', '+', '.', '1e', 'e5'])('%j is refused, naming the field', (text) => {
    expect(() => dec(text, 'amount')).toThrow(InvalidAmountError);
    expect(() => dec(text, 'amount')).toThrow(/^amount: /);
    expect(() => toMinorUnits(text)).toThrow(InvalidAmountError);
  });

  it.each([['16', '16'], ['-12.50', '-12.5'], ['.5', '0.5'], ['5.', '5'], ['+3', '3'], ['1e-7', '1e-7'], ['2.5E3', '2500'], ['007', '7']])('%j reads as %s', (text, value) => {
    expect(dec(text).equals(new Decimal(value))).toBe(true);
  });

  it('toMinorUnits of decimal text, exactly', () => {
    expect(toMinorUnits('12.345')).toBe(1235);
    expect(toMinorUnits('-0.005')).toBe(-1);
    expect(toMinorUnits('1e2')).toBe(10000);
  });
});
