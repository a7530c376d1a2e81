import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import { allocateMinor } from '../../src/money/index.js';
import { allocateExact } from '../../src/report/_allocate-exact.js';

// A small deterministic generator, so a failure can be reproduced.
function* numbers(seed: number): Generator<number> {
  let x = seed;
  for (;;) yield (x = (x * 1103515245 + 12345) % 2 ** 31);
}

test('gives exactly what allocateMinor gives (same rule, same tie-break), and sums to the total', () => {
  const rnd = numbers(42);
  for (let round = 0; round < 300; round++) {
    const n = 1 + (rnd.next().value % 40);
    const weights = Array.from({ length: n }, () => {
      const v = rnd.next().value;
      return new Decimal(v % 7 === 0 ? '0' : `${v % 5000}.${String(v % 1000000).padStart(6, '0').slice(0, 1 + (v % 6))}`);
    });
    const total = rnd.next().value % 10_000_000;
    const exact = allocateExact(total, weights);
    expect(exact).toEqual(allocateMinor(total, weights));
    if (exact.unallocated === 0) expect(exact.parts.reduce((a, b) => a + b, 0)).toBe(total);
  }
});

test('ties go to the earlier weight; all-zero weights leave the total unallocated', () => {
  expect(allocateExact(2, [new Decimal(1), new Decimal(1), new Decimal(1)]).parts).toEqual([1, 1, 0]);
  expect(allocateExact(500, [new Decimal(0), new Decimal('0.00')])).toEqual({ parts: [0, 0], unallocated: 500 });
  expect(allocateExact(100, [new Decimal('1e-9'), new Decimal('2e-9')]).parts).toEqual([33, 67]);
});
