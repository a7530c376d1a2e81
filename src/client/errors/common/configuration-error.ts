import { SvcError } from '../../../core/index.js';
/**
 * Thrown before any request when the client cannot be configured: a required option is
 * missing from both the options and the environment (the message names the variable), or
 * a value such as the base URL or SVC_TIMEOUT is malformed.
 */
export class ConfigurationError extends SvcError {
  override readonly name = 'ConfigurationError';
  constructor(
    message: string,
    readonly hint?: string,
    /** The setting at fault, e.g. `SVC_GATEWAY_URL`, so a caller can name its own flag instead. */
    readonly setting?: string,
    /** `missing`: set nowhere; `malformed`: set to something it cannot be (the CLI exits 2 for it, as for a bad flag value). */
    readonly problem: 'missing' | 'malformed' = 'missing',
  ) {
    super(message);
  }
}
