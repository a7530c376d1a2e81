import { SvcError } from '../../../core/index.js';

/** The hint when Redis cannot be reached; the CLI names its --timeout flag instead of the option. */
export const REDIS_WAIT_HINT = 'is redis-server running there, and the port open to this machine? allow longer with the timeoutMs option, or SVC_TIMEOUT=SECONDS';
/**
 * Thrown when Redis cannot be reached (refused, silent, or refusing our password) before a
 * queue run or a worker starts, or when it was lost mid-run for longer than the wait allowed
 * (the timeoutMs option / SVC_TIMEOUT). The message names the URL without its password and the cause.
 */
export class QueueUnavailableError extends SvcError {
  override readonly name = 'QueueUnavailableError';
  readonly hint: string;
  constructor(
    /** The Redis URL without its password. */
    readonly where: string,
    readonly reason: string,
    /** Seconds it had been gone when lost mid-run; undefined when it was never reached. */
    readonly lostForSeconds?: number,
    hint?: string,
  ) {
    super(lostForSeconds === undefined ? `cannot reach Redis at ${where}: ${reason}` : `lost Redis at ${where} for ${lostForSeconds.toFixed(1)} s: ${reason}`);
    this.hint = hint ?? REDIS_WAIT_HINT;
  }
}
