import { describe, expect, it } from 'vitest';
import { checkKeyUsagePeriod, checkMonthlyUsagePeriod, splitRange } from '../../src/client/limits/period.js';
import { InvalidRequestError } from '../../src/client/errors/index.js';
import type { KeyUsagePeriod } from '../../src/client/api.js';

function refusal(fn: () => unknown): InvalidRequestError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidRequestError);
    return e as InvalidRequestError;
  }
  throw new Error('expected a refusal');
}

describe('key-usage period rules', () => {
  it('accepts each style and none', () => {
    expect(checkKeyUsagePeriod(undefined)).toEqual({ kind: 'none', query: {} });
    expect(checkKeyUsagePeriod({ month: '2026-10' }).query).toEqual({ month: '2026-10' });
    expect(checkKeyUsagePeriod({ year: 2025 }).kind).toBe('year');
    expect(checkKeyUsagePeriod({ months: 0 }).query).toEqual({ months: 0 });
    expect(checkKeyUsagePeriod({ start_date: '2024-02-29', end_date: '2024-02-29' }).kind).toBe('range');
  });

  it.each<[unknown, string]>([
    [{ month: '2026-10', year: 2026 }, 'month, year'],
    [{ months: 3, start_date: '2026-01-01', end_date: '2026-01-02' }, 'months, start_date, end_date'],
    [{ month: '2026-13' }, 'month'],
    [{ month: '2026-1' }, 'month'],
    [{ year: 2026.5 }, 'year'],
    [{ months: -1 }, 'months'],
    [{ months: '3' }, 'months'],
    [{ start_date: '2026-01-01' }, 'start_date'],
    [{ end_date: '2026-01-01' }, 'end_date'],
    [{ start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date'],
    [{ start_date: '2026-01-01', end_date: '2026/02/01' }, 'end_date'],
    [{ start_date: '2026-02-02', end_date: '2026-02-01' }, 'start_date'],
    [{ week: 3 }, 'week'],
  ])('refuses %j naming %s', (period, field) => {
    const e = refusal(() => checkKeyUsagePeriod(period as KeyUsagePeriod));
    expect(e.field).toBe(field);
    expect(e.message.startsWith(`${field}: `)).toBe(true);
  });
});

describe('monthly-usage window rules', () => {
  it('accepts months 0..60 or a year', () => {
    expect(checkMonthlyUsagePeriod({ months: 60 })).toEqual({ months: 60 });
    expect(checkMonthlyUsagePeriod({ year: 2025 })).toEqual({ year: 2025 });
    expect(checkMonthlyUsagePeriod(undefined)).toEqual({});
  });
  it('refuses both, or months out of range', () => {
    expect(refusal(() => checkMonthlyUsagePeriod({ months: 2, year: 2025 })).field).toBe('months, year');
    expect(refusal(() => checkMonthlyUsagePeriod({ months: 61 })).field).toBe('months');
    expect(refusal(() => checkMonthlyUsagePeriod({ months: -1 })).field).toBe('months');
  });
});

describe('splitRange', () => {
  it('keeps a range of 366 days whole', () => {
    expect(splitRange('2024-01-01', '2024-12-31')).toEqual([{ start_date: '2024-01-01', end_date: '2024-12-31' }]);
  });
  it('splits 24 months into adjacent ranges of at most 366 days', () => {
    const parts = splitRange('2024-11-01', '2026-10-31');
    expect(parts).toEqual([
      { start_date: '2024-11-01', end_date: '2025-11-01' },
      { start_date: '2025-11-02', end_date: '2026-10-31' },
    ]);
  });
  it('covers every day exactly once with small chunks', () => {
    const parts = splitRange('2026-01-30', '2026-03-02', 10);
    expect(parts.map((p) => p.start_date)).toEqual(['2026-01-30', '2026-02-09', '2026-02-19', '2026-03-01']);
    expect(parts.at(-1)!.end_date).toBe('2026-03-02');
  });
});
