import { SvcError } from '../../core/index.js';
/**
 * Thrown when an amount in minor units (øre, cents) is not a safe integer, or a sum or a
 * conversion to minor units would leave the range where a JavaScript number is exact: such an
 * amount is refused rather than silently rounded. `field` names the amount.
 */
export class UnsafeAmountError extends SvcError {
  override readonly name = 'UnsafeAmountError';
  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`${field}: ${String(value)} is not a safe integer amount in minor units`);
  }
}
