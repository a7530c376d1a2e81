import { SvcError } from '../../core/index.js';

/**
 * Thrown by `--jq` when jq stops on the command's JSON output: the expression compiled but fails
 * on this data (`error(…)`, indexing a string with a key); the message is jq's own. Exit 1.
 */
export class JqFailedError extends SvcError {
  override readonly name = 'JqFailedError';
  constructor(readonly reason: string) {
    super(`--jq: ${reason}`);
  }
}
