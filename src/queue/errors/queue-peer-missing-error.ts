import { SvcError } from '../../core/index.js';
/**
 * Thrown when a queue run or a queue worker starts where bullmq or ioredis is not installed:
 * they are optional peer dependencies of svc-reporting, needed only for the queue. The message
 * says what to install; the CLI exits 2 with it (the setup is wrong, not the run).
 */
export class QueuePeerMissingError extends SvcError {
  override readonly name = 'QueuePeerMissingError';
  readonly exitCode = 2;
  constructor(
    /** The packages that could not be loaded. */
    readonly missing: readonly string[],
  ) {
    super(`the queue needs ${missing.join(' and ')}, not installed here: npm i bullmq ioredis`);
  }
}
