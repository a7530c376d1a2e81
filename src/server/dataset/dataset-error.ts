import { SvcError } from '../../core/index.js';
/** Thrown when a dataset file of the reference server is missing or malformed; names the file and the place. */
export class DatasetError extends SvcError {
  override readonly name = 'DatasetError';
  constructor(readonly file: string, readonly where: string, reason: string) {
    super(`dataset ${file}: ${where}: ${reason}`);
  }
}
