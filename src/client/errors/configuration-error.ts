import { SvcError } from '../../core/svc-error.js';
/**
 * Thrown before any request when the client cannot be configured: a required option is
 * missing from both the options and the environment (the message names the variable), or
 * a value such as the base URL is malformed.
 */
export class ConfigurationError extends SvcError {
  override readonly name = 'ConfigurationError';
  constructor(message: string, readonly hint?: string) {
    super(message);
  }
}
