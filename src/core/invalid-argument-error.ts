import { SvcError } from './svc-error.js';
/**
 * Thrown by a public function given an argument or option of the wrong kind, before it does
 * anything: not an object where a record, a client or options are expected, not a function where
 * a callback is, a number out of its range. `argument` names it (`client`, `options.onKey`,
 * `digits`), so the caller's mistake is never a TypeError from deep inside the package.
 */
export class InvalidArgumentError extends SvcError {
  override readonly name = 'InvalidArgumentError';
  constructor(
    readonly argument: string,
    /** What is wrong with it, without the argument's name. */
    readonly reason: string,
  ) {
    super(`${argument}: ${reason}`);
  }
}
