import { SvcError } from '../../core/index.js';
/**
 * Thrown before any request when a parameter breaks the spec's rules: a key-usage or
 * monthly-usage period (two styles at once, a malformed month or date, start after end,
 * negative months), an invoice id that is not a uuid, an unknown currency; or when a client is
 * given an option it cannot use (`timeoutMs`, `maxRetries`, `retry.maxDelayMs`, `maxRangeDays`,
 * `maxResponseBytes.pdf`, a token with a line break in it). The message names the field.
 */
export class InvalidRequestError extends SvcError {
  override readonly name = 'InvalidRequestError';
  constructor(
    readonly field: string,
    /** What is wrong with it, without the field's name. */
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}
