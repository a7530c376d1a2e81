import { SvcError } from '../../core/index.js';

/**
 * What no API key holds and an HTTP header could not carry, or a terminal would act on: white
 * space, C0 and C1 control characters, DEL, anything past U+00FF. The client refuses the same
 * (naming its own option, `apiKey`); checked here first so the message names where the key came from.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_IN_A_KEY = /[\s\u0000-\u001f\u007f-\u009f]|[^\u0000-\u00ff]/u;

/** The first character `key` cannot have, as `U+0001, character 20` (never the key around it); undefined when it has none. */
export function keyProblem(key: string): string | undefined {
  const bad = NOT_IN_A_KEY.exec(key);
  if (!bad) return undefined;
  const code = `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `${code}, character ${[...key.slice(0, bad.index)].length + 1}`;
}

/**
 * Thrown before any request, and by `svc auth token` before it prints anything, when the key in
 * use holds a character no key has (a paste that took a line break or an escape with it): a
 * setting that cannot be used, so exit 2, with one line naming where the key came from
 * (`SVC_API_KEY`, the saved profile) and the character by its code and position, never the key.
 */
export class UnusableKeyError extends SvcError {
  override readonly name = 'UnusableKeyError';
  readonly exitCode = 2;
  constructor(
    /** Where the key came from, e.g. `SVC_API_KEY`, `the key saved as "work"`. */
    where: string,
    problem: string,
    readonly hint: string,
  ) {
    super(`${where} holds a character an API key cannot have (${problem}), so it cannot be used`);
  }
}

/**
 * `key` when it can be used; else UnusableKeyError naming `where` (and `hint`, what to do).
 * @throws UnusableKeyError
 */
export function usableKey(key: string, where: string, hint: string): string {
  const problem = keyProblem(key);
  if (problem) throw new UnusableKeyError(where, problem, hint);
  return key;
}
