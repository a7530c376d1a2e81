import { describe, expect, it } from 'vitest';
import { clockFromEnv, clockStartingAt, now, todayUtc, useClock } from '../../src/core/clock.js';

describe('the one clock (src/core/clock.ts)', () => {
  it('SVC_NOW: a day is its midnight UTC, a time needs its zone, and the clock runs on from it', async () => {
    const at = (text: string) => clockFromEnv({ SVC_NOW: text })!.now().getTime();
    expect(Math.abs(at('2028-02-29') - Date.parse('2028-02-29T00:00:00Z'))).toBeLessThan(1000);
    expect(Math.abs(at('2031-07-01T09:30:00+02:00') - Date.parse('2031-07-01T07:30:00Z'))).toBeLessThan(1000);
    expect(clockFromEnv({})).toBeUndefined();
    expect(clockFromEnv({ SVC_NOW: '  ' })).toBeUndefined();
    const clock = clockFromEnv({ SVC_NOW: '2027-01-01T00:00:00Z' })!;
    const first = clock.now().getTime();
    await new Promise((r) => setTimeout(r, 30));
    expect(clock.now().getTime() - first).toBeGreaterThanOrEqual(25);
  });

  it('refuses what is not a day or a zoned time, naming SVC_NOW', () => {
    for (const bad of ['2026-02-30', '2027-13-01', 'tomorrow', '2027-01-01T09:30:00', '1800000000']) {
      expect(() => clockFromEnv({ SVC_NOW: bad }), bad).toThrow(`SVC_NOW: must be a day (YYYY-MM-DD) or an ISO 8601 time with its zone, e.g. 2027-01-01T09:30:00Z (got "${bad}")`);
    }
  });

  it('useClock sets now() and todayUtc() until it is put back', () => {
    const before = now().getTime();
    const restore = useClock(clockStartingAt(new Date('2031-07-01T23:59:59.900Z')));
    try {
      expect(todayUtc()).toMatch(/^2031-07-0[12]$/);
      expect(now().getUTCFullYear()).toBe(2031);
    } finally {
      restore();
    }
    expect(Math.abs(now().getTime() - before)).toBeLessThan(60_000);
  });

  it('settings put back out of order leave no clock behind (two commands in one process; a full suite once read a test\'s 2026-11-20 seventeen days later)', () => {
    const before = now().getTime();
    const restoreA = useClock(clockStartingAt(new Date('2026-11-20T12:00:00Z')));
    const restoreB = useClock(clockStartingAt(new Date('2031-07-01T00:00:00Z')));
    expect(now().getUTCFullYear()).toBe(2031);
    restoreA();
    // B is still set: its command goes on reading its own day.
    expect(now().getUTCFullYear()).toBe(2031);
    restoreB();
    // Both put back: the machine's clock, not A's day (which a last-set-first-restored stack left behind).
    expect(Math.abs(now().getTime() - before)).toBeLessThan(60_000);
    restoreA();
    expect(Math.abs(now().getTime() - before)).toBeLessThan(60_000);
  });
});
