import { escapeControls } from '../core/safe-text.js';

/**
 * Turns any error into the one line the CLI prints. Errors of this package carry messages
 * written for users (and never a token); anything else is a bug, shown with its stack only
 * when SVC_DEBUG is set. Control characters are shown escaped whatever the error, so a
 * server's text inside a message can never drive the terminal.
 */
export function describeError(e: unknown, env: Record<string, string | undefined>): { message: string; exitCode: number } {
  if (e instanceof Error) {
    const withHint = e as Error & { hint?: string; exitCode?: number };
    const hint = withHint.hint ? ` (${escapeControls(withHint.hint)})` : '';
    const debug = env.SVC_DEBUG && e.stack ? `\n${escapeControls(e.stack, { keepNewlines: true })}` : '';
    return { message: `${escapeControls(e.message)}${hint}${debug}`, exitCode: withHint.exitCode ?? 1 };
  }
  return { message: escapeControls(String(e)), exitCode: 1 };
}
