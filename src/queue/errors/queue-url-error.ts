import { SvcError } from '../../core/index.js';
/** Thrown for a `queue` option (`--queue`) that is not a usable Redis URL; the CLI exits with code 2. */
export class QueueUrlError extends SvcError {
  override readonly name = 'QueueUrlError';
  readonly exitCode = 2;
  readonly hint = 'write it redis://HOST:PORT[/DB] (rediss:// for TLS); put a password in SVC_REDIS_PASSWORD rather than the URL';
  constructor(readonly reason: string) {
    super(`queue: ${reason}`);
  }
}
