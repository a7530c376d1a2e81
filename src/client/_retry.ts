/** Backoff settings; the defaults follow openai-node (0.5 s doubling to 8 s, full jitter). */
export interface RetryPolicy {
  maxRetries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is thrown at once. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/** Statuses worth another attempt: request timeout, rate limit, server errors. Never other 4xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * `Retry-After` as milliseconds: delay-seconds or an HTTP date, the date counted from `nowMs`
 * (the answer's own `Date` where it has one, so a clock that differs from the service's does not
 * change the wait); undefined when absent or unreadable. An HTTP date names its day and month
 * (`Wed, 21 Oct 2026 07:28:00 GMT`) in one of RFC 9110's three forms (§5.6.7): anything else is
 * no date, though V8's lenient Date.parse reads `-5` as the year -5 and `-5 GMT` or `12 May` as
 * days of 2001 (a wait of 0: the retries went at once; §10.2.3 allows only a non-negative number of
 * seconds or an HTTP date).
 */
const HTTP_DATE = /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) return undefined;
  const s = v.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000);
  if (!HTTP_DATE.test(s)) return undefined;
  const at = Date.parse(s);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Exponential backoff with full jitter for retry number `retry` (0 = first retry). */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  return Math.floor(random() * cap);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
