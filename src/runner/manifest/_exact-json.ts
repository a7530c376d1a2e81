// A BigInt as a placeholder string JSON.stringify can write: NUL cannot stand in any string of a
// run's records (core/invisible-text.ts removes it where text enters), so no text is taken for one.
const MARK = '\u0000bigint:';
const PLACEHOLDER = /"\\u0000bigint:(-?\d+)"/g;

/**
 * `value` as JSON, indented two spaces, with every BigInt written as a JSON integer of all its
 * digits (JSON numbers have no size limit; JSON.stringify refuses BigInt). A reader that parses
 * numbers as doubles (JavaScript's JSON.parse) rounds those past 2^53 − 1; one that parses them
 * exactly (Python's json, a big-number reader) gets every digit.
 */
export function exactJson(value: unknown): string {
  const text = exactJsonOf(value);
  if (text === undefined) throw new TypeError('exactJson: the value has no JSON form (undefined or a function)');
  return text;
}

/** `exactJson`, or undefined where JSON.stringify gives nothing (undefined, a function): as a member, left out. */
export function exactJsonOf(value: unknown): string | undefined {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${MARK}${v}` : v), 2) as string | undefined;
  return text?.replace(PLACEHOLDER, '$1');
}
