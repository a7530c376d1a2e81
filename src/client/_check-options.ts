import { InvalidRequestError } from './errors/invalid-request-error.js';
import { unknownOption } from '../core/index.js';
import type { CommonClientOptions } from './client-options.js';

/**
 * The options every client takes: CommonClientOptions but its URL, which each client names in
 * `strings` (the compiler holds the list to the type, so a new common option is never refused).
 */
const COMMON = Object.keys({
  env: true, userAgent: true, timeoutMs: true, maxResponseBytes: true, maxRetries: true, dispatcher: true, retry: true, logger: true, onWarning: true,
} satisfies Record<Exclude<keyof CommonClientOptions, 'baseUrl'>, true>);

/** The longest timer Node can set (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const HEADER_UNSAFE = /[\s\u0000-\u001f\u007f]/u;

function fail(option: string, reason: string): never {
  throw new InvalidRequestError(option, reason);
}

/**
 * Checks the values a caller passed to a client's constructor before anything is built from
 * them, so a wrong one is an InvalidRequestError naming the option rather than a TypeError, an
 * error from undici at the first request, or a setting silently ignored. Only options that are
 * present are checked; a missing one falls back to the environment as documented. `strings` are
 * the client's own text options (token, orgId, …); `secrets` among them are never quoted; `own`
 * its other options. An option that is none (`timeout`, `baseURL`) is refused naming it: ignored,
 * `baseURL` would send the requests to SVC_BASE_URL instead.
 */
export function checkClientOptions(options: unknown, strings: readonly string[], secrets: readonly string[], own: readonly string[] = []): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail('options', 'must be an object of client options');
  const o = options as Record<string, unknown>;
  const unknown = unknownOption(o, [...COMMON, ...strings, ...own]);
  if (unknown) fail(unknown.name, unknown.message);
  for (const name of strings) {
    const v = o[name];
    if (v === undefined) continue;
    if (typeof v !== 'string') fail(name, `must be a string (got ${kindOf(v)})`);
    // A secret goes into a header: a space or line break in it would have undici refuse every request.
    if (secrets.includes(name) && HEADER_UNSAFE.test(v.trim())) fail(name, 'must not contain spaces, line breaks or control characters (was more than the token pasted?)');
  }
  if (o.userAgent !== undefined) {
    if (typeof o.userAgent !== 'string') fail('userAgent', `must be a string (got ${kindOf(o.userAgent)})`);
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    if (/[\u0000-\u001f\u007f]/u.test(o.userAgent)) fail('userAgent', 'must not contain line breaks or control characters');
    // The spec asks every request for an explicit, descriptive User-Agent (reporting-api.md §5.6); an empty one is none.
    if (o.userAgent.trim() === '') fail('userAgent', 'must not be empty: the service asks for a descriptive User-Agent (leave the option out for svc\'s own)');
  }
  if (o.env !== undefined && (o.env === null || typeof o.env !== 'object')) fail('env', 'must be an object of environment variables');
  whole(o.timeoutMs, 'timeoutMs', 1, MAX_TIMER_MS, 'milliseconds');
  whole(o.maxRetries, 'maxRetries', 0, 100, 'retries');
  if (o.retry !== undefined) {
    if (o.retry === null || typeof o.retry !== 'object') fail('retry', 'must be an object (initialDelayMs, maxDelayMs, maxRetryAfterMs)');
    for (const [k, v] of Object.entries(o.retry)) {
      if (!['initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'].includes(k)) fail(`retry.${k}`, 'is not a retry setting (initialDelayMs, maxDelayMs, maxRetryAfterMs)');
      whole(v, `retry.${k}`, 0, MAX_TIMER_MS, 'milliseconds');
    }
  }
  if (o.logger !== undefined && typeof o.logger !== 'function') fail('logger', 'must be a function taking one line');
  if (o.onWarning !== undefined && typeof o.onWarning !== 'function') fail('onWarning', 'must be a function taking one message');
  // The rule takes `{} | null` (unknown narrowed) and this type for the same, but only this one has `dispatch`.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  if (o.dispatcher !== undefined && typeof (o.dispatcher as { dispatch?: unknown } | null)?.dispatch !== 'function') {
    fail('dispatcher', 'must be an undici Dispatcher (an Agent, Pool or ProxyAgent)');
  }
}

function whole(v: unknown, name: string, min: number, max: number, unit: string): void {
  if (v === undefined) return;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    fail(name, `must be a whole number of ${unit} from ${min} to ${max} (got ${typeof v === 'number' ? v : kindOf(v)})`);
  }
}

function kindOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
