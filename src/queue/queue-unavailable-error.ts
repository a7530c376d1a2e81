import { SvcError } from '../core/svc-error.js';
/**
 * Thrown when Redis cannot be reached (refused, silent, or refusing our password) before a
 * queue run or a worker starts, or when it was lost mid-run for longer than the wait allowed
 * (`--timeout` / SVC_TIMEOUT). The message names the URL without its password and the cause.
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
    this.hint = hint ?? 'is redis-server running there, and the port open to this machine? allow longer with --timeout SECONDS';
  }
}
