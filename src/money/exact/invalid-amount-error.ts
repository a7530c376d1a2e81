import { SvcError } from '../../core/index.js';
/**
 * Thrown by the money functions (`dec`, `toMinorUnits`, `allocateMinor`) for a value that is not
 * an exact decimal amount: a float (which has already lost digits), NaN or Infinity, text that is
 * not a decimal number, or something that is not an amount at all. `field` names the argument
 * (`weights[3]`, `major`), so the message says which value to fix.
 */
export class InvalidAmountError extends SvcError {
  override readonly name = 'InvalidAmountError';
  constructor(
    readonly field: string,
    /** What is wrong with it, without the field's name. */
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}
