import { isUtf8 } from 'node:buffer';

/** At most this many bytes of a streamed JSON answer are held to be parsed in one go (wholeObject). */
export const WHOLE_BYTES = 1024 * 1024;

const BACKSLASH = 0x5c;

/**
 * The JSON object in `bytes` as one native `JSON.parse` of the whole makes it; or `undefined`
 * when that might differ from what MemberScanner hands over member by member (the caller then
 * scans the bytes, which also names what is wrong with them). Only a plain case is taken: valid
 * UTF-8 without a backslash (so every name is written as it reads, and no string needs its own
 * escape check), a body JSON.parse accepts as an object, and none of the names `once` matches
 * (a global RegExp of quoted names, `/"(?:a|b)"/g`) written twice anywhere in the text, so none
 * of them is a member twice: JSON.parse keeps the last, where the scanner hands over each.
 */
export function wholeObject(bytes: Buffer, once: RegExp): Record<string, unknown> | undefined {
  if (bytes.includes(BACKSLASH) || !isUtf8(bytes)) return undefined;
  const text = bytes.toString('utf8');
  const named = text.match(once) ?? [];
  if (new Set(named).size !== named.length) return undefined;
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof root === 'object' && root !== null && !Array.isArray(root) ? (root as Record<string, unknown>) : undefined;
}
