import { escapeControls } from '../../core/index.js';

/** Characters after the kind prefix a key needs before its last four may be shown. */
const SHOW_FOUR = 12;
/** ... and before its last two may be shown (six or more stay hidden). */
const SHOW_TWO = 8;

/**
 * A key as it may be shown: its kind prefix and last characters, e.g. `sk-…f00d`, so two keys
 * can be told apart. A shorter key shows only its last two (`sk-…7a`), and one too short to
 * keep at least six characters hidden shows no tail at all. A control character in the tail is
 * shown as its escape (`\x01`).
 */
export function maskKey(key: string): string {
  const prefix = /^[A-Za-z]{1,8}[-_]/.exec(key)?.[0] ?? '';
  const rest = key.length - prefix.length;
  // The tail as visible text: a key saved with a control character (hand-edited) must not drive the terminal.
  if (rest >= SHOW_FOUR) return `${prefix}…${escapeControls(key.slice(-4))}`;
  if (rest >= SHOW_TWO) return `${prefix}…${escapeControls(key.slice(-2))}`;
  return `${prefix}…`;
}
