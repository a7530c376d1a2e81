import { INVISIBLE_CLASS, LINE_BREAK_CLASS, LONE_SURROGATE } from './invisible-text.js';

// The invisible characters and line breaks of the one definition (invisible-text.ts), and lone surrogates.
const CONTROLS = new RegExp(`[${INVISIBLE_CLASS}${LINE_BREAK_CLASS}]|${LONE_SURROGATE}`, 'g');

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
