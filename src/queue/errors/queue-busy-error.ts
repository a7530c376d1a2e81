import { SvcError } from '../../core/index.js';
/**
 * Thrown by `svc month-end --queue` when the month's queue holds jobs of another run (other
 * output folder, API, language or options) that has not finished: adding to it would mix two runs.
 */
export class QueueBusyError extends SvcError {
  override readonly name = 'QueueBusyError';
  readonly hint = 'rerun with the settings of the unfinished run to finish it, or remove that queue (obliterate it in a BullMQ dashboard) to start afresh';
  constructor(readonly queueName: string, readonly difference: string) {
    super(`queue ${queueName} holds an unfinished run with other settings (${difference})`);
  }
}
