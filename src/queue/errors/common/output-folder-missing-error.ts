import { SvcError } from '../../../core/index.js';
/**
 * Thrown by a queue worker that cannot see a job's month folder: workers must share the
 * coordinator's output folder (same path, or the worker's `outDir` where it is mounted elsewhere).
 */
export class OutputFolderMissingError extends SvcError {
  override readonly name = 'OutputFolderMissingError';
  readonly hint = 'mount the shared output folder on this machine, and give its path as outDir if it differs from the coordinator\'s';
  constructor(readonly monthDir: string) {
    super(`the run's output folder ${monthDir} does not exist on this machine`);
  }
}
