import { SvcError } from '../../core/index.js';
/**
 * Thrown when a month-end config file cannot be used: not JSON, or a field that is missing or
 * wrong. `path` names the field (e.g. `organizations[2].token_env`); the CLI exits with code 2.
 */
export class RunConfigError extends SvcError {
  override readonly name = 'RunConfigError';
  readonly exitCode = 2;
  constructor(
    /** Where the config came from, e.g. the file name. */
    readonly source: string,
    /** The bad field, `$` for the file as a whole. */
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${source}: ${path}: ${reason}`);
  }
}
