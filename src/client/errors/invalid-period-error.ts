/**
 * Thrown before any request when a key-usage or monthly-usage period breaks the spec's rules
 * (two styles at once, a malformed month or date, start after end, negative months). The
 * message names the field.
 */
export class InvalidPeriodError extends Error {
  override readonly name = 'InvalidPeriodError';
  constructor(readonly field: string, reason: string) {
    super(`${field}: ${reason}`);
  }
}
