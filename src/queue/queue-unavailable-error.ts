import { SvcError } from '../core/svc-error.js';
/** Thrown when Redis cannot be reached (or refuses us) before a queue run or a worker starts. */
export class QueueUnavailableError extends SvcError {
  override readonly name = 'QueueUnavailableError';
  readonly hint = 'is redis-server running there, and the port open to this machine?';
  constructor(
    /** The Redis URL without its password. */
    readonly where: string,
    readonly reason: string,
  ) {
    super(`cannot reach Redis at ${where}: ${reason}`);
  }
}
