import type { Dataset } from '../dataset/dataset.js';
import type { RawKey } from '../dataset/_schema.js';
import { HttpError } from '../http-error.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Counts a search against the calling key's rate limit (its `rpm_limit`, else the dataset's
 * `default_rpm_limit`; null: none). Past it: 429 `rate_limited` with `Retry-After` in whole
 * seconds until the next search is allowed. Returns the headers of an allowed search: the limit
 * and what is left of it, as LiteLLM names them.
 * @throws HttpError 429 when the key's searches this minute are used up
 */
export function searchRateLimit(ds: Dataset, limiter: RateLimiter, k: { keyId: string; key: RawKey }): Record<string, string> {
  const rpm = k.key.rpm_limit === undefined ? ds.meta.default_rpm_limit : k.key.rpm_limit;
  if (rpm === null) return {};
  const d = limiter.take(k.keyId, rpm);
  const headers = { 'x-ratelimit-limit-requests': String(d.limit), 'x-ratelimit-remaining-requests': String(d.remaining) };
  if (!d.allowed) {
    throw new HttpError(429, 'rate_limited', `the key's rate limit of ${rpm} requests a minute is used up; searches are allowed again in ${d.retryAfterSeconds} s`, {
      ...headers,
      'retry-after': String(d.retryAfterSeconds),
    });
  }
  return headers;
}
