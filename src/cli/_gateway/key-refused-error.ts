import { SvcError } from '../../core/index.js';
/**
 * Thrown when the service answers 401 for the key a command chose: the message names the masked
 * key and why it was chosen (SVC_API_KEY, a pin, the default), so the user knows what to fix.
 */
export class KeyRefusedError extends SvcError {
  override readonly name = 'KeyRefusedError';
  constructor(
    message: string,
    readonly hint: string,
    readonly status = 401,
  ) {
    super(message);
  }
}
