import { escapeControls } from '../../core/index.js';
import { isSvcError } from '../../core/index.js';
import { isSystemError, systemErrorText } from '../../core/index.js';
import { ApiError, ConfigurationError } from '../../client/errors/common/index.js';
import { cliHint, cliMessage } from './cli-hints.js';

/**
 * What to do about `e`, in the CLI's terms, with the service's request id when it sent one (for
 * asking its support about the request); undefined when there is nothing to add.
 */
export function hintOf(e: Error): string | undefined {
  const hint = cliHint(e) ?? (e as Error & { hint?: string }).hint;
  const requestId = e instanceof ApiError && e.requestId ? `request id ${e.requestId}` : undefined;
  const parts = [hint, requestId].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * Turns any error into the one line the CLI prints. Errors of this package carry messages
 * written for users (and never a token), printed as one line even with SVC_DEBUG; anything
 * else is a bug, shown with its stack only when SVC_DEBUG is set. Control characters are shown escaped whatever the error, so a
 * server's text inside a message can never drive the terminal.
 */
export function describeError(e: unknown, env: Record<string, string | undefined>): { message: string; exitCode: number } {
  if (e instanceof Error) {
    const withCode = e as Error & { exitCode?: number };
    const text = hintOf(e);
    const hint = text ? ` (${escapeControls(text)})` : '';
    // Our own errors are answers (a 403, a dead Redis), not bugs: one line, even with SVC_DEBUG.
    const stack = isSvcError(e) ? undefined : (e as Error).stack;
    const debug = env.SVC_DEBUG && stack ? `\n${escapeControls(stack, { keepNewlines: true })}` : '';
    // A system call's own error (EROFS, ENOTDIR …) that no command put in its words: said in ours, naming the path.
    const message = cliMessage(e) ?? (isSvcError(e) || !isSystemError(e) ? e.message : systemErrorText(e));
    // A setting in the environment that cannot be (SVC_TIMEOUT=abc) is wrong configuration, 2 as the same bad value in a flag.
    const malformedSetting = e instanceof ConfigurationError && e.problem === 'malformed';
    return { message: `${escapeControls(message)}${hint}${debug}`, exitCode: withCode.exitCode ?? (malformedSetting ? 2 : 1) };
  }
  return { message: escapeControls(String(e)), exitCode: 1 };
}
