import { escapeControls } from '../invisible-text.js';

const END = 'Unexpected end of JSON input';
/** A body longer than this is not searched for the spot JSON.parse stopped at when it did not say (each try parses a prefix). */
const SEARCH_LIMIT = 4 * 1024 * 1024;

/** Where JSON.parse stopped in `text`, when its message says (`… in JSON at position 12`). */
function statedPosition(message: string): number | undefined {
  const m = / at position (\d+)/.exec(message);
  return m ? Number(m[1]) : undefined;
}

/** True when JSON.parse finds `prefix` wrong before its end (not merely unfinished). */
function wrongBeforeEnd(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (e) {
    const message = (e as Error).message;
    if (message === END) return false;
    const at = statedPosition(message);
    return at === undefined || at < prefix.length;
  }
}

/**
 * The offset of the first character JSON.parse could not take, found by parsing prefixes: a
 * prefix is wrong before its end exactly when it holds that character (a shorter one is valid
 * or merely unfinished). Used only when the parser's message names no position.
 */
function searchedPosition(text: string): number | undefined {
  if (text.length > SEARCH_LIMIT || !wrongBeforeEnd(text)) return undefined;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (wrongBeforeEnd(text.slice(0, mid + 1))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function lineAndColumn(text: string, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${at - start + 1}`;
}

/** One character as a message may show it: printable ones in quotes, others as their escape (`\x1f`). */
function shown(c: string): string {
  if (c === '\ufffd') return 'a byte that is not UTF-8';
  const escaped = escapeControls(c);
  if (escaped !== c) return `"${escaped}"`;
  return c.trim() === '' ? `"\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}"` : `"${c}"`;
}

/**
 * Why `text` is not JSON, in this package's words, from the SyntaxError JSON.parse threw on it:
 * `not valid JSON: unexpected "}" at line 3, column 7`, `not valid JSON: it is empty`,
 * `not valid JSON: it ends at line 1, column 9 before the JSON does`, and for gzip's first bytes
 * `… (it is gzip-compressed data)`. Never the parser's own sentence, which quotes the text
 * itself (binary bytes of a compressed answer, or a value that is a secret).
 */
export function jsonProblem(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : '';
  if (text.trim() === '') return 'not valid JSON: it is empty';
  const gzip = text.startsWith('\u001f\ufffd') || text.startsWith('\u001f\u008b') ? ' (it is gzip-compressed data)' : '';
  if (message === END) return `not valid JSON: it ends at ${lineAndColumn(text, text.length)} before the JSON does${gzip}`;
  const at = statedPosition(message) ?? searchedPosition(text);
  if (at === undefined) return `not valid JSON${gzip}`;
  if (at >= text.length) return `not valid JSON: it ends at ${lineAndColumn(text, text.length)} before the JSON does${gzip}`;
  const what = /after JSON/.test(message) ? `more after the JSON value, from ${shown(String.fromCodePoint(text.codePointAt(at)!))}` : `unexpected ${shown(String.fromCodePoint(text.codePointAt(at)!))}`;
  return `not valid JSON: ${what} at ${lineAndColumn(text, at)}${gzip}`;
}
