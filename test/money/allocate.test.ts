// The one allocator: largest remainder in exact arithmetic, credits (negative weights) included.
import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import { allocateMinor } from '../../src/money/index.js';

// A small deterministic generator, so a failure can be reproduced.
function* numbers(seed: number): Generator<number> {
  let x = seed;
  for (;;) yield (x = (x * 1103515245 + 12345) % 2 ** 31);
}

test('parts sum to the total and each is within one unit of its exact share (random weights, credits among them)', () => {
  const rnd = numbers(42);
  const P = Decimal.clone({ precision: 80 });
  for (let round = 0; round < 300; round++) {
    const n = 1 + (rnd.next().value % 40);
    const weights = Array.from({ length: n }, () => {
      const v = rnd.next().value;
      const text = v % 7 === 0 ? '0' : `${v % 5000}.${String(v % 1000000).padStart(6, '0').slice(0, 1 + (v % 6))}`;
      return new Decimal(round % 3 === 0 && v % 5 === 0 ? `-${text}` : text);
    });
    const total = (rnd.next().value % 10_000_000) * (round % 4 === 0 ? -1 : 1);
    const { parts, unallocated } = allocateMinor(total, weights);
    const sum = weights.reduce((a, w) => a.plus(w), new P(0));
    if (sum.isZero()) {
      expect(unallocated).toBe(total);
      continue;
    }
    expect(unallocated).toBe(0);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    parts.forEach((p, i) => {
      const exact = new P(total).times(weights[i]!.toString()).dividedBy(sum);
      expect(exact.minus(p).abs().lessThan(1), `round ${round} part ${i}: ${p} vs ${exact.toString()}`).toBe(true);
    });
  }
});

test('hand-worked cases: ties go to the earlier weight, zero weights leave the total unallocated', () => {
  expect(allocateMinor(100, [new Decimal(1), new Decimal(1), new Decimal(1)]).parts).toEqual([34, 33, 33]);
  expect(allocateMinor(2, ['1', '1', '1']).parts).toEqual([1, 1, 0]);
  expect(allocateMinor(-7, [new Decimal('0.5'), new Decimal('0.5')]).parts).toEqual([-4, -3]);
  expect(allocateMinor(500, [new Decimal(0), new Decimal('0.00')])).toEqual({ parts: [0, 0], unallocated: 500, weightSum: '0' });
  expect(allocateMinor(100, [new Decimal('1e-9'), new Decimal('2e-9')]).parts).toEqual([33, 67]);
  // The weights' sum, exact, as plain text: 0.000000001 + 0.000000002; -1.25 + 0.5 + 0.005.
  expect(allocateMinor(100, [new Decimal('1e-9'), new Decimal('2e-9')]).weightSum).toBe('0.000000003');
  expect(allocateMinor(100, ['-1.25', '0.5', '0.005']).weightSum).toBe('-0.745');
});

test('a credit (negative spend) gets a negative share; the rest share more, and the parts still sum to the total', () => {
  // Weights 10, 5, -2.5 sum to 12.5: 1000 øre split 800, 400, -200 exactly.
  expect(allocateMinor(1000, ['10', '5', '-2.5'])).toEqual({ parts: [800, 400, -200], unallocated: 0, weightSum: '12.5' });
  // 100 øre by 1, 1, -1 (sum 1): 100, 100, -100.
  expect(allocateMinor(100, ['1', '1', '-1']).parts).toEqual([100, 100, -100]);
  // 10 øre by 2, 1, -0.5 (sum 2.5): exact 8, 4, -2.
  expect(allocateMinor(10, ['2', '1', '-0.5']).parts).toEqual([8, 4, -2]);
  // 1 øre by 1, 1, -1.5 (sum 0.5): exact 2, 2, -3.
  expect(allocateMinor(1, ['1', '1', '-1.5']).parts).toEqual([2, 2, -3]);
  // A net credit month: -300 øre over spend -3 (credit 4, spend 1): shares -400 and +100.
  expect(allocateMinor(-300, ['-4', '1']).parts).toEqual([-400, 100]);
  // Credits that cancel the spend exactly leave nothing to split by.
  expect(allocateMinor(250, ['2', '-2'])).toEqual({ parts: [0, 0], unallocated: 250, weightSum: '0' });
});

test('a weight that is not a plain decimal is refused by its position', () => {
  expect(() => allocateMinor(1, ['1', 'abc'])).toThrow(/^weights\[1\]: "abc" is not a plain decimal number$/);
  expect(() => allocateMinor(1.5, ['1'])).toThrow(/^totalMinor: 1\.5 is not a safe integer/);
  // A float weight would be written by toFixed as a rounded integer (1.5 -> "2"): refused instead.
  expect(() => allocateMinor(100, ['1', 1.5 as never])).toThrow(/^weights\[1\]: must be a Decimal or a decimal string/);
});
