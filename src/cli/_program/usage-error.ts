import { SvcError } from '../../core/index.js';
/**
 * Thrown for a command line that cannot run: an unknown command or flag, a missing argument,
 * a bad flag value. The CLI prints it with a pointer to `--help` and exits with code 2.
 */
export class UsageError extends SvcError {
  override readonly name = 'UsageError';
  constructor(message: string, readonly commandPath: string = '') {
    super(message);
  }
}
