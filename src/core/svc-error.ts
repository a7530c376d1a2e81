import { escapeControls } from './invisible-text.js';

/**
 * Base of every error this package throws on purpose (as ky's `KyError`, openai-node's
 * `OpenAIError`): catch `SvcError` (or test with `isSvcError`) to tell ours from bugs. Its
 * message is one line written for a user; control characters in it (from a server's text, a
 * file name) are escaped, so printing it can never drive a terminal.
 */
export class SvcError extends Error {
  override readonly name: string = 'SvcError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(escapeControls(message, { keepNewlines: true }), options);
  }
}

/** True for every error of this package (an `SvcError` or one of its subclasses). */
export function isSvcError(e: unknown): e is SvcError {
  return e instanceof SvcError;
}
