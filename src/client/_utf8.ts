import { isUtf8 } from 'node:buffer';
import { formatPath } from '../model/parse/index.js';

/** How many fields a warning names at most: enough to find them, short enough for one line. */
const MAX_NAMED = 3;
/** Deepest level looked into (records are a few levels deep; parseRecord refuses past 64). */
const MAX_DEPTH = 64;

/**
 * The bytes of a response body as text, and whether they were valid UTF-8. Invalid bytes become
 * U+FFFD, as every decoder does (WHATWG Encoding); `invalid` lets the caller say so rather than
 * change a name without a word.
 */
export function decodeUtf8(bytes: Buffer): { text: string; invalid: boolean } {
  return { text: bytes.toString('utf8'), invalid: !isUtf8(bytes) };
}

/**
 * The paths (`buyer.legal_name`, `keys[3].name`) of the first few strings in `json` that hold
 * U+FFFD: where a body's invalid bytes ended up. `at` is the path of `json` itself in its answer.
 * Walked with a stack, never deeper than MAX_DEPTH.
 */
export function replacedAt(json: unknown, at: Array<string | number> = []): string[] {
  const found: string[] = [];
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: json, path: at }];
  while (stack.length && found.length < MAX_NAMED) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\ufffd')) found.push(formatPath(path));
    } else if (value !== null && typeof value === 'object' && path.length < MAX_DEPTH) {
      const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
      // Pushed last first, so fields are named in the order the answer has them.
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
    }
  }
  return found;
}

/** The one warning for an answer that was not valid UTF-8, naming the request and where it shows. */
export function invalidUtf8Warning(endpoint: string, where: string[]): string {
  const place = where.length ? `in ${where.join(', ')}` : 'in the answer';
  return `${endpoint}: the answer was not valid UTF-8; the bytes that were not show as U+FFFD (\ufffd) ${place}`;
}
