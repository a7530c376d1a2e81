/**
 * Thrown while usage answers (key usage, daily activity) for several ranges are merged, when a count summed over them
 * passes 2^53 − 1 (each answer alone was within it). Private: the client turns it into a
 * ResponseSchemaError naming the endpoint and the field.
 */
export class SumPastExactError extends Error {
  override readonly name = 'SumPastExactError';
  constructor(readonly field: string) {
    super(`${field} summed over the ranges is past 2^53 - 1, beyond exact integers`);
  }
}
