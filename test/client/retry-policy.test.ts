import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, backoffMs, isRetryableStatus, parseRetryAfter } from '../../src/client/_retry.js';

describe('retry policy', () => {
  it('retries 408, 429 and 5xx only', () => {
    expect([408, 429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 410, 422].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
    expect(parseRetryAfter('Fri, 20 Nov 2026 12:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Fri, 20 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(['2', '9'], now)).toBe(2000);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    // Date.parse reads each of these as a date (the year -5, 3, 1000): none is a delay or an HTTP date.
    for (const v of ['-5', '+3', '1e3', '-0.5', '1000']) expect(parseRetryAfter(v, now), v).toBe(v === '1000' ? 1_000_000 : undefined);
    // The re-review: with a letter in it, V8 still read these as days of 2001 (a wait of 0).
    for (const v of ['-5 GMT', '5 UTC', 'x-5', '12 May', 'Fri, 20 Nov 2026 12:00:07', 'tomorrow']) expect(parseRetryAfter(v, now), v).toBeUndefined();
    // RFC 9110's obsolete forms are still dates.
    expect(parseRetryAfter('Friday, 20-Nov-26 12:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Fri Nov 20 12:00:07 2026', now)).toBe(7000);
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect([0, 1, 2, 3, 4, 5].map((r) => backoffMs(r, DEFAULT_RETRY, () => 0.999999))).toEqual([499, 999, 1999, 3999, 7999, 7999]);
    expect(backoffMs(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });
});
