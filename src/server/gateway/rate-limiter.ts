/** What the limiter answers for one call: allowed or not, and what to tell the caller. */
export interface RateDecision {
  allowed: boolean;
  /** The key's limit, requests per minute. */
  limit: number;
  /** Whole requests the key may still make at once after this one. */
  remaining: number;
  /** When refused: whole seconds until one request is allowed again (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
}

/**
 * Each API key's rate limit on search (gateway-and-cli.md §8: "the key's rate limit applies to
 * search calls the same way as to model calls"), as a token bucket per key: `rpm` requests per
 * minute, of which a whole minute's worth may come at once; the bucket refills evenly (one
 * request every 60/rpm seconds). A call that finds it empty is refused with the seconds until
 * the next request is allowed. Refused calls take nothing. Time is `performance.now()`: a
 * duration, never the wall clock. One limiter per server process.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes one request from `key`'s bucket of `rpm` per minute. */
  take(key: string, rpm: number): RateDecision {
    const now = this.now();
    const perMs = rpm / 60_000;
    const b = this.buckets.get(key) ?? { tokens: rpm, at: now };
    b.tokens = Math.min(rpm, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { allowed: true, limit: rpm, remaining: Math.floor(b.tokens), retryAfterSeconds: 0 };
    }
    return { allowed: false, limit: rpm, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
  }
}
