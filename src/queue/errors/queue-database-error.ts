import { SvcError } from '../../core/index.js';

/**
 * Thrown when the Redis server of the queue's URL (the CLI's `--queue`) has no database by the number the URL names
 * (`redis://host:6379/99` on a server with the default 16): found by the first call, before
 * anything is queued, locked or worked, and again should Redis come back without it mid-run.
 * Redis itself only refuses the SELECT and leaves the connection in database 0, where a run's
 * jobs would go unseen by its workers. The CLI exits with code 2: the value given is wrong.
 */
export class QueueDatabaseError extends SvcError {
  override readonly name = 'QueueDatabaseError';
  readonly exitCode = 2;
  readonly hint = 'a Redis server has databases 0 to 15 unless its `databases` setting says more; name one it has, the same for the run and its workers';
  constructor(
    /** The Redis URL without its password. */
    readonly where: string,
    readonly db: number,
  ) {
    super(`queue: ${where} names database ${db}, which the Redis server there does not have (it answered "DB index is out of range")`);
  }
}
