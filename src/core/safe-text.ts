// C0 and C1 controls, DEL, the line/paragraph separators and the bidirectional marks,
// embeddings, overrides and isolates (U+202E can make "fdp.exe" read as "exe.pdf").
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `\x1b`, `\u202e`: a control character written so it shows and does nothing. */
function escaped(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text from a server, a file or a user as it may be shown in a message, a log line or a CSV
 * cell: every control character (ESC, NUL, CR, bidi overrides ...) written as a visible
 * escape such as `\x1b`, so it can neither drive a terminal nor hide what it says. With
 * `keepNewlines` a line feed stays a line feed (multi-line messages we write ourselves);
 * `keep` names other characters to leave as they are (a CSV cell keeps tabs and line breaks).
 */
export function escapeControls(text: string, options: { keepNewlines?: boolean; keep?: string } = {}): string {
  const keep = (options.keep ?? '') + (options.keepNewlines ? '\n' : '');
  return text.replace(CONTROLS, (c) => (keep.includes(c) ? c : escaped(c)));
}
