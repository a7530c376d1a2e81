// expect(actual).toEqual(expected) for large values compared many times: Node's strict deep
// equality first, which implies toEqual's and is far cheaper than vitest's walk (at each of a
// thousand cuts in stream-key-usage, over a thousand Decimal-holding keys in key-store, it was
// most of those tests' CPU); toEqual only when they differ, to decide and to show the difference.
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

export function expectSame(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
